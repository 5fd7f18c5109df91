import type { IncomingMessage, Server, ServerResponse } from 'node:http';

/**
 * A step in front of Express: answers the request itself, or calls `onward` (once) to hand it to the
 * next front and in the end to Express.
 */
export type Front = (req: IncomingMessage, res: ServerResponse, onward: () => void) => void;

type RequestListener = (req: IncomingMessage, res: ServerResponse) => void;

/** Puts `fronts`, in this order, before the server's request listeners (Express). */
export function installFronts(server: Server, fronts: readonly Front[]): void {
  if (!fronts.length) return;
  const express = server.listeners('request') as RequestListener[];
  server.removeAllListeners('request');
  let road: RequestListener = (req, res) => express.forEach((listener) => listener.call(server, req, res));
  for (const front of [...fronts].reverse()) {
    const onward = road;
    road = (req, res) => front(req, res, () => onward(req, res));
  }
  server.on('request', road);
}
