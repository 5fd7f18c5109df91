import bodyParser from 'body-parser';
import type { NextFunction, Request, Response } from 'express';
import multer from 'multer';
import { RestRequest } from './request-context';

const BODY_LIMIT = '1mb';
const JSON_MAX_DEPTH = 512;

/*
 * The body steps (JSON, form, multipart), in their order on the road (src/rest/request-road.ts). A
 * JSON body is read as text and parsed leniently, so a malformed one is reported by the parameter
 * stage, after routing, as WordPress does (rest_invalid_json) rather than by the parser.
 */

export const jsonBodyAsText = bodyParser.text({ type: ['application/json', 'application/*+json'], limit: BODY_LIMIT });

export const formBody = bodyParser.urlencoded({ extended: true, limit: BODY_LIMIT, parameterLimit: 1000 });

export const multipartBody = multer({ limits: { fileSize: 1024 * 1024, fields: 1000 } }).any();

/** Keeps a malformed JSON body as an error to report at the parameter stage (after routing). */
export function parseJsonLeniently(req: Request, _res: Response, next: NextFunction) {
  if (typeof req.body === 'string') {
    const text = req.body;
    req.body = {};
    if (text.trim() !== '') {
      try {
        // PHP's json_decode refuses nesting beyond 512 levels; deeper input would also exhaust the
        // stack of the recursive parameter transformers after parsing.
        if (jsonNestingExceeds(text, JSON_MAX_DEPTH)) throw new Error('Maximum stack depth exceeded');
        const parsed: unknown = JSON.parse(text);
        req.body = parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? parsed : {};
      } catch (error) {
        (req as RestRequest).jsonError = (error as Error).message;
      }
    }
  }
  next();
}

/** Whether arrays/objects in the JSON text nest deeper than `max` (brackets inside strings ignored). */
export function jsonNestingExceeds(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}
