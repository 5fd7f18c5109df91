import { request, type IncomingHttpHeaders, type IncomingMessage, type Server } from 'node:http';
import { Duplex, PassThrough } from 'node:stream';

/** A REST answer as a client reads it. */
export interface RestAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** What a tool call asks the REST API: one request, as a REST client would send it. */
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

/** Two ends of an in-memory connection: what one writes, the other reads. */
function connectionPair(): [Duplex, Duplex] {
  const up = new PassThrough();
  const down = new PassThrough();
  const ends = [Duplex.from({ readable: down, writable: up }), Duplex.from({ readable: up, writable: down })] as [Duplex, Duplex];
  // The socket calls Node's HTTP client and server make; nothing to tune in memory.
  for (const end of ends) Object.assign(end, { setTimeout: () => end, setNoDelay: () => end, setKeepAlive: () => end });
  return ends;
}

/**
 * Sends one request through the application's own HTTP server over an in-memory connection: the whole
 * request road (response cache front, authentication, language, body parsing…), Nest's router, the
 * parameter validation, the handler and the exception filter, exactly as for a REST client. The
 * connection carries the asking client's address, so the road sees the same client as for the MCP request.
 */
export function sendInMemory(server: Server, from: IncomingMessage, call: RestCall): Promise<RestAnswer> {
  const [client, serverSide] = connectionPair();
  Object.assign(serverSide, {
    remoteAddress: from.socket.remoteAddress,
    remotePort: from.socket.remotePort,
    encrypted: (from.socket as { encrypted?: boolean }).encrypted,
  });
  const headers: Record<string, string | string[]> = {};
  for (const name of FORWARDED) if (from.headers[name] !== undefined) headers[name] = from.headers[name];
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
