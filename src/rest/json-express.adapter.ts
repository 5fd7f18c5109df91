import { ExpressAdapter } from '@nestjs/platform-express';
import type { Response } from 'express';

export const JSON_CONTENT_TYPE = 'application/json; charset=UTF-8';

/**
 * Every REST answer is JSON with WordPress's exact `Content-Type` (Express would lower-case the
 * charset). Serialising here, once, also keeps Express's per-response content negotiation off the
 * hot path.
 */
export class JsonExpressAdapter extends ExpressAdapter {
  reply(response: Response, body: unknown, statusCode?: number) {
    if (statusCode !== undefined) response.status(statusCode);
    if (body !== null && body !== undefined && typeof body === 'object' && typeof (body as { getStream?: unknown }).getStream === 'function') {
      return super.reply(response, body, statusCode);
    }
    const payload = Buffer.from(JSON.stringify(body ?? null), 'utf8');
    response.setHeader('Content-Type', JSON_CONTENT_TYPE);
    response.setHeader('Content-Length', payload.length);
    return response.end(payload);
  }
}
