import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { JSON_CONTENT_TYPE } from './standard-headers';
import { RestError } from '../reasons/rest-error';

/**
 * Requests Node's HTTP parser refuses before Express sees them (headers beyond --max-http-header-size,
 * 16 KB by default; malformed request lines) still get an answer in the WordPress envelope.
 */
export function answerParserErrorsInEnvelope(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (!socket.writable || (socket as Duplex & { _httpMessage?: unknown })._httpMessage) return void socket.destroy();
    const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
    const rest = tooLarge
      ? new RestError('rest_headers_too_large', 'The request headers are too large.', 431)
      : new RestError('rest_bad_request', 'The request could not be understood.', 400);
    const body = JSON.stringify(rest.toBody());
    const reason = tooLarge ? 'Request Header Fields Too Large' : 'Bad Request';
    socket.end(
      `HTTP/1.1 ${rest.status} ${reason}\r\nContent-Type: ${JSON_CONTENT_TYPE}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}
