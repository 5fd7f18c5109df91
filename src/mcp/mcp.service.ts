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
import { jsonRpcError } from './json-rpc-error';
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

  async handle(req: RestRequest, res: Response, language: string | undefined): Promise<void> {
    // A malformed body is a JSON-RPC parse error (the REST routes report it as rest_invalid_json).
    if (req.jsonError !== undefined) return void jsonRpcError(res, 400, -32700, 'Parse error: the body is not valid JSON.');
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
}
