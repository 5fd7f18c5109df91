import {
  CallToolRequestSchema,
  InitializeRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';

/** What this file needs of a schema: a check that tells where a message is wrong. */
interface RequestSchema {
  safeParse(message: unknown): { success: true } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
}

/** The SDK's own schemas of the requests this server answers (what it would check them with). */
const SCHEMAS: Record<string, RequestSchema> = {
  initialize: InitializeRequestSchema,
  'tools/list': ListToolsRequestSchema,
  'tools/call': CallToolRequestSchema,
  'resources/list': ListResourcesRequestSchema,
  'resources/templates/list': ListResourceTemplatesRequestSchema,
  'resources/read': ReadResourceRequestSchema,
};

/** What to say of a key of the request that is not as it must be. */
const EXPECTED: Record<string, string> = {
  'params.arguments': 'must be an object of the tool’s arguments by name, e.g. {"id": 12}',
  'params.name': 'must be the name of a tool (tools/list lists them)',
  'params.uri': 'must be a URL (resources/list and resources/templates/list list them)',
};

/** A message's request id, when it has one a client can match an answer to. */
export type RequestId = string | number | null;

/**
 * Why a JSON-RPC request's params are not what its method takes, in a line an assistant can act on
 * (-32602 Invalid params), or undefined. Checked before the SDK sees the request: the SDK parses the
 * params before any handler runs and answers a failure as -32603 with the validator's dump.
 */
export function invalidParams(message: unknown): string | undefined {
  if (message === null || typeof message !== 'object' || Array.isArray(message)) return undefined;
  const { method } = message as { method?: unknown };
  const schema = typeof method === 'string' ? SCHEMAS[method] : undefined;
  const parsed = schema?.safeParse(message);
  if (!parsed || parsed.success) return undefined;
  const reasons = parsed.error.issues.slice(0, 5).map((issue) => {
    const path = issue.path.map(String).join('.');
    return `${path || 'the request'} ${EXPECTED[path] ?? `is not valid (${issue.message})`}`;
  });
  return `Invalid params of ${method as string}: ${reasons.join('; ')}.`;
}

/** The id of a JSON-RPC request (null when it has none a client could match). */
export function requestIdOf(message: unknown): RequestId {
  const id = (message as { id?: unknown } | null)?.id;
  return typeof id === 'string' || typeof id === 'number' ? id : null;
}
