import type { Response } from 'express';
import type { RequestId } from './request-params';

/** A JSON-RPC error answered before any MCP server sees the request (its id, when known). */
export function jsonRpcError(res: Response, status: number, code: number, message: string, id: RequestId = null): void {
  res.status(status).setHeader('Content-Type', 'application/json');
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id }));
}
