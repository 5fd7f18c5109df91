import { ExpressAdapter } from '@nestjs/platform-express';
import type { Request, Response } from 'express';
import { ANONYMOUS, isAuthenticated } from '../wordpress/caller';
import { notifyBody } from '../cache/body-capture';
import { entityTag, ifNoneMatchMatches, PUBLIC_CACHE_CONTROL, sendNotModified } from '../cache/conditional-get';
import type { RestRequest } from '../rest/request-context';
import { shapeAnswer } from '../rest/global-params';
import { answerBytes } from '../rest/json-text';
import { SerializedAnswer } from '../rest/serialized-answer';
import { JSON_CONTENT_TYPE } from '../rest/standard-headers';

/**
 * Every REST answer is JSON with WordPress's exact `Content-Type` (Express would lower-case the
 * charset). Serialising here, once, also keeps Express's per-response content negotiation off the
 * hot path. A 200 GET/HEAD answer also gets its ETag here (and 304 when If-None-Match matches it).
 * Answers serialised in another media type (SerializedAnswer: pages, feeds) are sent the same way;
 * JSON answers first get WordPress's `_fields` and `_envelope` (global-params/).
 */
export class JsonExpressAdapter extends ExpressAdapter {
  reply(response: Response, body: unknown, statusCode?: number) {
    if (statusCode !== undefined) response.status(statusCode);
    if (body !== null && body !== undefined && typeof body === 'object' && typeof (body as { getStream?: unknown }).getStream === 'function') {
      return super.reply(response, body, statusCode);
    }
    const req = response.req as Request;
    const serialized = body instanceof SerializedAnswer ? body : undefined;
    if (serialized?.status !== undefined) response.status(serialized.status);
    const json = serialized ? undefined : shapeAnswer(req, response, body ?? null, response.statusCode >= 400);
    const { bytes: payload, counts } = serialized ? { bytes: Buffer.from(serialized.body, 'utf8'), counts: [] } : answerBytes(json);
    response.setHeader('Content-Type', serialized ? serialized.contentType : JSON_CONTENT_TYPE);
    response.setHeader('Content-Length', payload.length);
    if (response.statusCode === 200 && (req.method === 'GET' || req.method === 'HEAD')) {
      const etag = entityTag(payload, response);
      response.setHeader('ETag', etag);
      // Authenticated answers keep the no-store set at authentication (src/auth/authenticate.middleware.ts).
      if (!isAuthenticated((req as RestRequest).caller ?? ANONYMOUS)) response.setHeader('Cache-Control', PUBLIC_CACHE_CONTROL);
      notifyBody(response, payload, etag, counts);
      if (ifNoneMatchMatches(req, etag)) return sendNotModified(response);
    }
    return response.end(payload);
  }
}
