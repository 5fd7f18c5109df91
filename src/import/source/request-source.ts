/**
 * The file a `POST /imports` request carries: a multipart upload (read by the request road after
 * authentication, for a caller who may import, within MAX_IMPORT_BYTES), or the request body itself
 * (`text/calendar`, `text/csv`), read only when the service
 * asks for it — after the capability check — and never past MAX_IMPORT_BYTES.
 */
import type { Request } from 'express';
import { bodyTooLarge } from '../../rest/body-parsing';
import { MAX_IMPORT_BYTES } from '../import-limits';

export interface UploadedFile {
  kind: 'body' | 'file';
  name: string;
  contentType: string;
  read(): Promise<Buffer>;
}

const FILE_TYPES = /^(text\/calendar|text\/csv|text\/plain|application\/octet-stream|application\/ics)\b/i;

/** The file of the request, or undefined (a JSON or form body: the `url` parameter then names it). */
export function uploadOf(req: Request): UploadedFile | undefined {
  const files = (req as Request & { files?: Express.Multer.File[] }).files;
  if (Array.isArray(files) && files.length) {
    const file = files[0];
    return { kind: 'file', name: file.originalname || 'upload', contentType: file.mimetype, read: async () => file.buffer };
  }
  const type = String(req.headers['content-type'] ?? '');
  if (!FILE_TYPES.test(type) || req.readableEnded) return undefined;
  return { kind: 'body', name: 'request body', contentType: type, read: () => readBody(req) };
}

function readBody(req: Request): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_IMPORT_BYTES) {
        req.removeAllListeners('data');
        req.resume();
        reject(bodyTooLarge(MAX_IMPORT_BYTES));
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** The charset a Content-Type names, if any. */
export function charsetOf(contentType: string): string | undefined {
  return /charset="?([^";]+)"?/i.exec(contentType)?.[1];
}
