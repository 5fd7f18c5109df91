import { Injectable } from '@nestjs/common';
import { HttpAdapterHost, ModuleRef } from '@nestjs/core';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { Response } from 'express';
import type { Server as HttpServer } from 'node:http';
import { AppConfig } from '../config/app-config';
import { DescribeContextFactory } from '../discovery/describe-context';
import { RouteTable } from '../discovery/route-table';
import { RestRequest } from '../rest/request-context';
import { sendInMemory } from '../rest/in-memory-http';
import { mcpServer } from './mcp-server';
import { ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import { SiteService } from '../wordpress/site.service';
import { jsonRpcError } from './json-rpc-error';
import { originRefusal } from './origin-check';
import { invalidParams, requestIdOf } from './request-params';
import { ToolRoute, toolRoutes } from './tool-catalog';

/** The MCP protocol server's version (the service's own MCP surface, not the REST API's). */
const MCP_SERVER_VERSION = '1.0.0';

/**
 * The MCP endpoint (docs/mcp.md): Streamable HTTP, stateless — each POST gets its own server and
 * transport, so any instance answers any request. The road has already run for the POST (the caller
 * is authenticated, the login throttle applied, the JSON body parsed).
 */
@Injectable()
export class McpService {
  private tools?: ToolRoute[];

  constructor(
    private readonly modules: ModuleRef,
    private readonly adapter: HttpAdapterHost,
    private readonly config: AppConfig,
  ) {}

  /** The tools, read once from the route table (built after every module registered its controllers). */
  private toolList(): ToolRoute[] {
    return (this.tools ??= toolRoutes(this.modules.get(RouteTable, { strict: false })));
  }

  /** Refuses a browser page of another site (403), as any request to the endpoint; true when it did. */
  async refusedOrigin(req: RestRequest, res: Response): Promise<boolean> {
    const refusal = await originRefusal(req, this.config, this.modules.get(SiteService, { strict: false }));
    if (refusal !== undefined) jsonRpcError(res, 403, -32000, refusal);
    return refusal !== undefined;
  }

  async handle(req: RestRequest, res: Response, language: string | undefined): Promise<void> {
    if (await this.refusedOrigin(req, res)) return;
    // A malformed body is a JSON-RPC parse error (the REST routes report it as rest_invalid_json).
    if (req.jsonError !== undefined) return void jsonRpcError(res, 400, -32700, 'Parse error: the body is not valid JSON.');
    if (this.refusedParams(req.body, res)) return;
    if (language !== undefined) req.restLanguage = language;
    const server = this.adapter.httpAdapter.getHttpServer() as HttpServer;
    const describe = this.modules.get(DescribeContextFactory, { strict: false });
    const mcp = mcpServer(
      {
        tools: this.toolList(),
        mount: { languagePrefix: language !== undefined ? `/${language}` : '', restRoot: this.config.restRoot },
        describe: () => describe.forRequest(req),
        send: (call) => sendInMemory(server, req, call),
      },
      MCP_SERVER_VERSION,
    );
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on('close', () => {
      void transport.close();
      void mcp.close();
    });
    await mcp.connect(transport);
    await transport.handleRequest(req, res, req.body);
  }

  /** Answers -32602 for a request whose params are not what its method takes (a batch: nothing of it is run). */
  private refusedParams(body: unknown, res: Response): boolean {
    const messages: unknown[] = Array.isArray(body) ? body : [body];
    const reasons = messages.map(invalidParams);
    const first = reasons.findIndex((reason) => reason !== undefined);
    if (first < 0) return false;
    const single = !Array.isArray(body);
    const message = single ? reasons[first]! : `Batch message ${first + 1}: ${reasons[first]!} Nothing of the batch was run.`;
    jsonRpcError(res, 200, ErrorCode.InvalidParams, message, single ? requestIdOf(body) : null);
    return true;
  }
}
