import type { Response } from 'express';

/** A JSON-RPC error answered before any MCP server sees the request (no request id is known yet). */
export function jsonRpcError(res: Response, status: number, code: number, message: string): void {
  res.status(status).setHeader('Content-Type', 'application/json');
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }));
}
