import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import type { RequestDescribeContext } from '../discovery/describe-context';
import { RestError } from '../reasons/rest-error';
import type { RestAnswer, RestCall } from '../rest/in-memory-http';
import { inputSchema } from './input-schema';
import { MCP_INSTRUCTIONS } from './instructions';
import type { ToolRoute } from './tool-catalog';
import { isSummarized } from './summaries';
import { RestMount, restCallOf, toolAnswer, toolError } from './tool-call';

/** What one MCP request's server needs: the tools, the request's facts and a way to call the REST API as its caller. */
export interface McpRequestScope {
  tools: ToolRoute[];
  mount: RestMount;
  /** Site facts, language and base URLs of the MCP request (schemas' descriptions and defaults, resource URLs). */
  describe: () => Promise<RequestDescribeContext>;
  /** One REST request on behalf of the MCP request's caller. */
  send: (call: RestCall) => Promise<RestAnswer>;
}

/** Whether a tool only reads; for a write, whether it destroys and whether repeating it changes nothing more. */
const ANNOTATIONS: Record<ToolRoute['kind'], Record<string, boolean>> = {
  list: { readOnlyHint: true },
  read: { readOnlyHint: true },
  create: { readOnlyHint: false, destructiveHint: false },
  update: { readOnlyHint: false, destructiveHint: false, idempotentHint: true },
  delete: { readOnlyHint: false, destructiveHint: true },
};

/** What a tool does in a line; for one whose arguments another describes, where to read them. */
function descriptionOf(tool: ToolRoute): string {
  if (!tool.describedBy) return `${tool.text.summary}.`;
  return tool.kind === 'update'
    ? `${tool.text.summary}: the arguments of ${tool.describedBy} (described there), only those that change.`
    : `${tool.text.summary}: as ${tool.describedBy}, the record addressed by its slug.`;
}

/** Whether a resource URI names `_method` (any spelling): a resource is read, never written. */
const asksForAnotherMethod = (uri: string): boolean => [...new URL(uri).searchParams.keys()].some((key) => key.toLowerCase().includes('_method'));

/** The URL of a route with its `{params}` left in (a resource template, or a collection's address). */
const urlOf = (tool: ToolRoute, ctx: RequestDescribeContext) => `${ctx.restRoot}/${tool.route.namespace}${tool.route.docPath}`;

/**
 * The MCP server of one HTTP request (stateless: nothing outlives it). Tools are the REST endpoints;
 * resources are REST URLs (each record at its `rest_url`, each collection at its own) read with GET.
 * Every call is a REST request made as the MCP request's caller, so its rules are the REST API's own.
 */
export function mcpServer(scope: McpRequestScope, version: string): Server {
  const server = new Server(
    { name: 'events-calendar-api', title: 'The Events Calendar API', version },
    { capabilities: { tools: {}, resources: {} }, instructions: MCP_INSTRUCTIONS },
  );

  server.setRequestHandler(ListToolsRequestSchema, async () => {
    const ctx = await scope.describe();
    return {
      tools: scope.tools.map((tool) => ({
        name: tool.name,
        description: descriptionOf(tool),
        inputSchema: inputSchema(tool.endpoint, tool.route.pathParams, ctx, {
          bare: tool.describedBy !== undefined,
          summarized: isSummarized(tool.route.group),
        }) as { type: 'object' },
        annotations: ANNOTATIONS[tool.kind],
      })),
    };
  });

  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const tool = scope.tools.find((t) => t.name === request.params.name);
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${request.params.name}`);
    const prepared = restCallOf(tool, request.params.arguments ?? {}, scope.mount);
    if (prepared instanceof RestError) return toolError(prepared.toBody(), tool, prepared.status);
    return toolAnswer(tool, await scope.send(prepared.call), prepared.view);
  });

  server.setRequestHandler(ListResourcesRequestSchema, async () => {
    const ctx = await scope.describe();
    const lists = scope.tools.filter((tool) => tool.kind === 'list' && tool.route.pathParams.length === 0);
    return { resources: lists.map((tool) => ({ uri: urlOf(tool, ctx), name: tool.route.group, title: tool.text.summary, mimeType: 'application/json' })) };
  });

  server.setRequestHandler(ListResourceTemplatesRequestSchema, async () => {
    const ctx = await scope.describe();
    const records = scope.tools.filter((tool) => tool.kind === 'read' && tool.route.pathParams.length > 0);
    return {
      resourceTemplates: records.map((tool) => ({ uriTemplate: urlOf(tool, ctx), name: tool.name, title: tool.text.summary, mimeType: 'application/json' })),
    };
  });

  server.setRequestHandler(ReadResourceRequestSchema, async (request) => {
    const ctx = await scope.describe();
    const { uri } = request.params;
    if (!uri.startsWith(`${ctx.restRoot}/`)) throw new McpError(ErrorCode.InvalidParams, `Not a URL of this API: ${uri}`);
    if (asksForAnotherMethod(uri)) throw new McpError(ErrorCode.InvalidParams, `A resource is only read (GET): \`_method\` is not accepted in ${uri}`);
    const answer = await scope.send({ method: 'GET', path: `${scope.mount.languagePrefix}${scope.mount.restRoot}${uri.slice(ctx.restRoot.length)}` });
    if (answer.status >= 400) {
      const error = JSON.parse(answer.body) as { code: string; message: string };
      throw new McpError(answer.status === 404 ? -32002 : ErrorCode.InvalidParams, `${error.code}: ${error.message}`, error);
    }
    return { contents: [{ uri, mimeType: 'application/json', text: answer.body }] };
  });

  return server;
}
