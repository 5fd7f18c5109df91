import { stringify } from 'qs';
import { RestError } from '../rest/rest-error';
import type { RestAnswer, RestCall } from '../rest/in-memory-http';
import type { ToolRoute } from './tool-catalog';

/** Where the service's REST API is, as the outside addresses it. */
export interface RestMount {
  /** `/fr` when the MCP endpoint was reached under a language prefix, else `''`. */
  languagePrefix: string;
  /** REST_ROOT (`/wp-json`). */
  restRoot: string;
}

/** What a tool call returns to the MCP client (CallToolResult). */
export interface ToolAnswer {
  [key: string]: unknown;
  content: { type: 'text'; text: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

/**
 * The REST request a tool call is: path arguments into the path, the others into the query string
 * (reads, deletes) or the JSON body (writes), as a REST client sends them; a missing path argument is
 * refused as the parameter stage refuses a missing required one (it would address another route).
 */
export function restCallOf(tool: ToolRoute, args: Record<string, unknown>, mount: RestMount): RestCall | RestError {
  const params = { ...args };
  const missing = tool.route.pathParams.filter((name) => params[name] === undefined || params[name] === null || String(params[name]) === '');
  if (missing.length) return RestError.missingParams(missing);
  const path = tool.route.docPath.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = String(params[name] as string | number);
    delete params[name];
    return encodeURIComponent(value);
  });
  const base = `${mount.languagePrefix}${mount.restRoot}/${tool.route.namespace}${path}`;
  if (tool.method === 'GET' || tool.method === 'DELETE') {
    const query = stringify(params, { arrayFormat: 'brackets', encodeValuesOnly: true });
    return { method: tool.method, path: query ? `${base}?${query}` : base };
  }
  return { method: tool.method, path: base, body: params };
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const isObject = (value: unknown): value is Record<string, any> => value !== null && typeof value === 'object' && !Array.isArray(value);

/** A record in a few words: `"Concert" (ID 12, publish)`. */
function recordLine(record: Record<string, any>): string {
  const label = record.title ?? record.name ?? record.slug ?? record.url;
  const facts = [record.id !== undefined ? `ID ${record.id}` : undefined, typeof record.status === 'string' ? record.status : undefined].filter(Boolean);
  return `${label !== undefined ? `"${String(label)}" ` : ''}${facts.length ? `(${facts.join(', ')})` : ''}`.trim();
}

/** The short text an assistant reads first; the API's own JSON follows it. */
function summaryOf(tool: ToolRoute, answer: RestAnswer, body: unknown): string {
  const head = `${tool.name}: HTTP ${answer.status}`;
  if (!isObject(body)) return Array.isArray(body) ? `${head}, ${body.length} item(s).` : `${head}.`;
  if (tool.kind === 'list') {
    const items = Array.isArray(body[tool.route.group]) ? (body[tool.route.group] as unknown[]) : Object.values(body).find(Array.isArray);
    const total = answer.headers['x-wp-total'] ?? body.total;
    return `${head}, ${items?.length ?? 0} ${tool.route.group} on this page${total !== undefined ? ` of ${String(total)} in all` : ''}.`;
  }
  if (body.deleted === true && isObject(body.previous)) return `${head}, deleted for good: ${recordLine(body.previous)}.`;
  const line = recordLine(body);
  return `${head}${line ? `, ${line}` : ''}${typeof body.rest_url === 'string' ? ` ${body.rest_url}` : ''}.`;
}

/** A REST error as a tool error: its code and message, each parameter's reason, and the error itself. */
export function toolError(error: Record<string, any>, tool?: ToolRoute, status?: number): ToolAnswer {
  const params = isObject(error.data?.params)
    ? Object.entries(error.data.params as Record<string, unknown>).map(([name, why]) => `${name}: ${String(why)}`)
    : [];
  const head = `${tool ? `${tool.name}: ` : ''}${status !== undefined ? `HTTP ${status} ` : ''}${String(error.code)}: ${String(error.message)}`;
  return {
    isError: true,
    content: [
      { type: 'text', text: params.length ? `${head} (${params.join('; ')})` : head },
      { type: 'text', text: JSON.stringify(error) },
    ],
    structuredContent: error,
  };
}

/** The REST answer as the tool's result: a summary, then the API's JSON as it was answered. */
export function toolAnswer(tool: ToolRoute, answer: RestAnswer): ToolAnswer {
  const body = parsed(answer.body);
  if (answer.status >= 400) {
    return toolError(isObject(body) ? body : { code: 'http_error', message: answer.body, data: { status: answer.status } }, tool, answer.status);
  }
  return {
    content: [
      { type: 'text', text: summaryOf(tool, answer, body) },
      { type: 'text', text: answer.body },
    ],
    ...(isObject(body) ? { structuredContent: body } : {}),
  };
}
