import { request, type IncomingHttpHeaders, type IncomingMessage, type Server } from 'node:http';
import { Duplex, PassThrough } from 'node:stream';

/** A REST answer as a client reads it. */
export interface RestAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** One request to the REST API, as a REST client would send it (an MCP tool call, a webhook's record). */
export interface RestCall {
  method: string;
  /** Path and query string, as the outside sees them (REST_ROOT, NS_ROOT, language prefix). */
  path: string;
  /** A JSON body, for the writes. */
  body?: unknown;
}

/**
 * The headers of the MCP request a REST call made on its behalf carries: the same credentials (checked
 * again on the road, by the credential cache and the login throttle), the same host and forwarding
 * headers (so `req.ip`, the origin and the links are the same), the same language.
 */
const FORWARDED = ['authorization', 'host', 'accept-language', 'user-agent', 'forwarded', 'x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host'];

/** The server ends of in-memory connections: their requests are made with the method they state. */
const IN_MEMORY = new WeakSet<object>();

/**
 * Whether a request came over an in-memory connection (an MCP tool call, a webhook's record): its method
 * is the one the caller chose (GET for a read-only tool), never overridden by `_method` or a header.
 */
export const madeInMemory = (req: IncomingMessage): boolean => IN_MEMORY.has(req.socket);

/** Two ends of an in-memory connection: what one writes, the other reads. */
function connectionPair(): [Duplex, Duplex] {
  const up = new PassThrough();
  const down = new PassThrough();
  const ends = [Duplex.from({ readable: down, writable: up }), Duplex.from({ readable: up, writable: down })] as [Duplex, Duplex];
  // The socket calls Node's HTTP client and server make; nothing to tune in memory.
  for (const end of ends) Object.assign(end, { setTimeout: () => end, setNoDelay: () => end, setKeepAlive: () => end });
  return ends;
}

/** The client a call is made for: its address and headers (an IncomingMessage is one). */
export interface CallSource {
  socket: { remoteAddress?: string; remotePort?: number; encrypted?: boolean };
  headers: IncomingHttpHeaders;
}

/** Who a call made on nobody's behalf comes from: an anonymous client of this machine. */
const LOOPBACK: CallSource = { socket: { remoteAddress: '127.0.0.1', remotePort: 0 }, headers: {} };

/**
 * Sends one request through the application's own HTTP server over an in-memory connection: the whole
 * request road (response cache front, authentication, language, body parsing…), Nest's router, the
 * parameter validation, the handler and the exception filter, exactly as for a REST client. The
 * connection carries the asking client's address and headers (`from`: the MCP request a tool call is
 * made for), so the road sees the same client; without `from`, an anonymous client of this machine
 * (`host`: the address the links are built on when SITE_URL and the `home` option leave it open).
 */
export function sendInMemory(server: Server, from: CallSource | undefined, call: RestCall, host?: string): Promise<RestAnswer> {
  const [client, serverSide] = connectionPair();
  const source = from ?? LOOPBACK;
  const { remoteAddress, remotePort, encrypted } = source.socket;
  Object.assign(serverSide, { remoteAddress, remotePort, encrypted });
  IN_MEMORY.add(serverSide);
  const headers: Record<string, string | string[]> = {};
  for (const name of FORWARDED) if (source.headers[name] !== undefined) headers[name] = source.headers[name];
  if (host !== undefined && headers.host === undefined) headers.host = host;
  const payload = call.body === undefined ? undefined : Buffer.from(JSON.stringify(call.body), 'utf8');
  if (payload) Object.assign(headers, { 'content-type': 'application/json', 'content-length': String(payload.length) });
  server.emit('connection', serverSide);
  return new Promise<RestAnswer>((resolve, reject) => {
    const done = () => {
      client.destroy();
      serverSide.destroy();
    };
    const outgoing = request({ method: call.method, path: call.path, headers, createConnection: () => client }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => {
        done();
        resolve({ status: answer.statusCode ?? 500, headers: answer.headers, body: Buffer.concat(chunks).toString('utf8') });
      });
      answer.on('error', (error) => (done(), reject(error)));
    });
    outgoing.on('error', (error) => (done(), reject(error)));
    outgoing.end(payload);
  });
}
