import { stringify } from 'qs';
import { RestError } from '../reasons/rest-error';
import type { RestAnswer, RestCall } from '../rest/in-memory-http';
import { VIEW_ARGS } from './input-schema';
import { isSummarized, summarize } from './summaries';
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
  isError?: boolean;
}

/** What a tool answers: the summary of its records (where its collection has one), the API's JSON whole, or its `_fields`. */
export type ToolView = 'summary' | 'full' | 'fields';

/** A tool call made into the REST request it is, and how its answer is shown. */
export interface PreparedCall {
  call: RestCall;
  view: ToolView;
}

/** The argument names a tool takes: its input schema's (the endpoint's arguments and the view arguments). */
function declaredArgs(tool: ToolRoute): Set<string> {
  return new Set([...tool.endpoint.args.map(({ name }) => name), VIEW_ARGS.fields, ...(isSummarized(tool.route.group) ? [VIEW_ARGS.full] : [])]);
}

/**
 * The REST request a tool call is: path arguments into the path, the others into the query string
 * (reads, deletes) or the JSON body (writes), as a REST client sends them, `_fields` in the query string.
 * Only the names of the tool's input schema pass: any other (`_method`, `_envelope`, a typo) is refused
 * before any request, so a read-only tool is a GET and nothing else. Keys and values are encoded alike,
 * so no value or nested key can add a parameter of its own. A missing path argument is refused as the
 * parameter stage refuses a missing required one (it would address another route).
 */
export function restCallOf(tool: ToolRoute, args: Record<string, unknown>, mount: RestMount): PreparedCall | RestError {
  const declared = declaredArgs(tool);
  const unknown = Object.keys(args).filter((name) => !declared.has(name));
  if (unknown.length) {
    return RestError.invalidParams(
      Object.fromEntries(unknown.map((name) => [name, `${name} is not an argument of ${tool.name}: its input schema lists what it takes.`])),
    );
  }
  const { [VIEW_ARGS.fields]: fields, [VIEW_ARGS.full]: full, ...params } = args;
  const missing = tool.route.pathParams.filter((name) => params[name] === undefined || params[name] === null || String(params[name]) === '');
  if (missing.length) return RestError.missingParams(missing);
  const path = tool.route.docPath.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = String(params[name] as string | number);
    delete params[name];
    return encodeURIComponent(value);
  });
  const base = `${mount.languagePrefix}${mount.restRoot}/${tool.route.namespace}${path}`;
  const inQuery = tool.method === 'GET' || tool.method === 'DELETE';
  const query = stringify({ ...(inQuery ? params : {}), ...(fields !== undefined ? { [VIEW_ARGS.fields]: fields } : {}) }, { arrayFormat: 'brackets' });
  const call: RestCall = { method: tool.method, path: query ? `${base}?${query}` : base, ...(inQuery ? {} : { body: params }) };
  return { call, view: fields !== undefined ? 'fields' : full === true || !isSummarized(tool.route.group) ? 'full' : 'summary' };
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

/** What a caller without credentials is told when a tool needs them (a 401 is only ever that: bad ones stop at the road). */
const LOG_IN =
  'Log in to write: connect with an application password, header `Authorization: Basic <base64 of login:application-password>` on the MCP connection (README "MCP server").';

/**
 * A REST error as a tool error: a line with its code, message and each parameter's reason (and, for a
 * 401, how to log in), then the error itself as the API answered it.
 */
export function toolError(error: Record<string, any>, tool?: ToolRoute, status?: number): ToolAnswer {
  const params = isObject(error.data?.params)
    ? Object.entries(error.data.params as Record<string, unknown>).map(([name, why]) => `${name}: ${String(why)}`)
    : [];
  const head = `${tool ? `${tool.name}: ` : ''}${status !== undefined ? `HTTP ${status} ` : ''}${String(error.code)}: ${String(error.message)}`;
  const line = `${head}${params.length ? ` (${params.join('; ')})` : ''}${status === 401 ? ` ${LOG_IN}` : ''}`;
  return { isError: true, content: [text(line), text(JSON.stringify(error))] };
}

const text = (value: string) => ({ type: 'text' as const, text: value });

/**
 * The REST answer as the tool's result: a one-line summary, then the JSON — the records' summaries by
 * default, the API's JSON with `full` or `_fields`. The JSON is given once, as text: every client shows
 * text to the model, and no output schema is declared that would call for `structuredContent`.
 */
export function toolAnswer(tool: ToolRoute, answer: RestAnswer, view: ToolView): ToolAnswer {
  const body = parsed(answer.body);
  if (answer.status >= 400) {
    return toolError(isObject(body) ? body : { code: 'http_error', message: answer.body, data: { status: answer.status } }, tool, answer.status);
  }
  if (view !== 'summary') return { content: [text(summaryOf(tool, answer, body)), text(answer.body)] };
  const line = `${summaryOf(tool, answer, body)} A summary: \`full: true\` answers the whole record(s), \`_fields\` the keys named.`;
  return { content: [text(line), text(JSON.stringify(summarize(tool.route.group, body)))] };
}
