import bodyParser from 'body-parser';
import type { NextFunction, Request, Response } from 'express';
import multer from 'multer';
import { RestRequest } from './request-context';
import { RestError } from '../reasons/rest-error';

/** The largest request body (JSON, form) and uploaded file the service reads. */
export const BODY_LIMIT_BYTES = 1024 * 1024;
const JSON_MAX_DEPTH = 512;

/*
 * The body steps (JSON, form, multipart), in their order on the road (src/app/request-road.ts). A
 * JSON body is read as text and parsed leniently, so a malformed one is reported by the parameter
 * stage, after routing, as WordPress does (rest_invalid_json) rather than by the parser.
 */

export const jsonBodyAsText = bodyParser.text({ type: ['application/json', 'application/*+json'], limit: BODY_LIMIT_BYTES });

export const formBody = bodyParser.urlencoded({ extended: true, limit: BODY_LIMIT_BYTES, parameterLimit: 1000 });

/**
 * A route whose multipart file may be larger than BODY_LIMIT_BYTES (the imports' upload): its body is
 * read only after authentication, and only for a caller with `capability`; every other route and
 * caller keeps the road's limit.
 */
export interface LargeUpload {
  method: string;
  /** The internal path (after the URL rewrite), without a trailing slash. */
  path: string;
  fileLimit: number;
  capability: string;
}

/** Multipart bodies with files up to `fileLimit`; a file or field over its limit is the same 413 as a JSON or form body over it. */
function multipart(fileLimit: number) {
  const parse = multer({ limits: { fileSize: fileLimit, fieldSize: BODY_LIMIT_BYTES, fields: 1000 } }).any();
  return (req: Request, res: Response, next: NextFunction) =>
    parse(req, res, (error?: unknown) => {
      const code = (error as { code?: string } | undefined)?.code;
      next(code === 'LIMIT_FILE_SIZE' ? bodyTooLarge(fileLimit) : code === 'LIMIT_FIELD_VALUE' ? bodyTooLarge() : error);
    });
}

const uploadOf = (req: Request, uploads: readonly LargeUpload[]) =>
  uploads.find((upload) => upload.method === req.method && upload.path === req.path.replace(/\/+$/, ''));

/** The road's multipart step: every route but the large uploads' (read later, by largeUploadBody). */
export function multipartBody(uploads: readonly LargeUpload[] = []) {
  const parse = multipart(BODY_LIMIT_BYTES);
  return (req: Request, res: Response, next: NextFunction) => (uploadOf(req, uploads) ? next() : parse(req, res, next));
}

/** After authentication: a large upload's multipart body, for a caller allowed to send it; others' bodies stay unread (the route refuses them). */
export function largeUploadBody(uploads: readonly LargeUpload[]) {
  const parsers = new Map(uploads.map((upload) => [upload, multipart(upload.fileLimit)]));
  return (req: Request, res: Response, next: NextFunction) => {
    const upload = uploadOf(req, uploads);
    if (!upload || !(req as RestRequest).caller?.capabilities.has(upload.capability)) return next();
    parsers.get(upload)!(req, res, next);
  };
}

/** 413 naming the limit, so that a client knows how much to cut (`limit`: the parser's, in bytes). */
export function bodyTooLarge(limit = BODY_LIMIT_BYTES): RestError {
  const size = limit % (1024 * 1024) === 0 ? `${limit / (1024 * 1024)} MB` : limit % 1024 === 0 ? `${limit / 1024} KB` : `${limit} bytes`;
  return new RestError('rest_payload_too_large', `The request body is too large: the limit is ${size}.`, 413);
}

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
