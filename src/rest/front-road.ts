import type { IncomingMessage, Server, ServerResponse } from 'node:http';

/**
 * A step in front of Express: answers the request itself, or calls `onward` (once) to hand it to
 * Express.
 */
export type Front = (req: IncomingMessage, res: ServerResponse, onward: () => void) => void;

type RequestListener = (req: IncomingMessage, res: ServerResponse) => void;

/** Puts `front` before the server's request listeners (Express). */
export function installFront(server: Server, front: Front): void {
  const express = server.listeners('request') as RequestListener[];
  server.removeAllListeners('request');
  const onward: RequestListener = (req, res) => express.forEach((listener) => listener.call(server, req, res));
  server.on('request', (req: IncomingMessage, res: ServerResponse) => front(req, res, () => onward(req, res)));
}
