/**
 * A calendar read from a URL with the webhooks' rules (src/changes/delivery/target-guard.ts): http(s)
 * only (`webcal://` is https), no credentials in it, every address its host resolves to public unless
 * private targets are allowed (WEBHOOKS_ALLOW_PRIVATE_TARGETS), the connection pinned to the checked
 * address; each redirect checked again the same way, at most MAX_REDIRECTS; the whole answer within
 * URL_TIMEOUT_MS and MAX_IMPORT_BYTES. Never `file://` or any other scheme: nothing but the answer is read.
 */
import { request as httpRequest, IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { addressRange, resolveTarget, TargetRefused } from '../../changes';
import { RestError } from '../../reasons/rest-error';
import { MAX_IMPORT_BYTES, MAX_REDIRECTS, URL_TIMEOUT_MS } from '../import-limits';

/** Why a URL was not read (a 400 before anything is fetched, or the failure of the fetch). */
export class UrlRefused extends Error {}

export interface FetchedFile {
  bytes: Buffer;
  contentType: string;
  /** The URL finally read (after redirects). */
  url: string;
}

/** The URL to request for `raw`, or why it may not be read (checked before any DNS lookup). */
export function importUrl(raw: string, allowPrivate: boolean): URL {
  let url: URL;
  try {
    url = new URL(raw.replace(/^webcals?:\/\//i, 'https://'));
  } catch {
    throw new UrlRefused('The URL is not a valid absolute URL.');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new UrlRefused('The URL must use http, https or webcal.');
  if (url.username || url.password) throw new UrlRefused('The URL must not contain credentials.');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!allowPrivate && ipaddr.isValid(host) && addressRange(host) !== 'unicast') throw new UrlRefused('The URL points to a non-public address.');
  return url;
}

/** `importUrl`'s refusal as a request's bad parameter `url` (a 400, before any DNS lookup). */
export function checkUrlParam(raw: string, allowPrivate: boolean): void {
  try {
    importUrl(raw, allowPrivate);
  } catch (error) {
    if (error instanceof UrlRefused) throw RestError.invalidParams({ url: error.message });
    throw error;
  }
}

function pinnedLookup(address: string, family: 4 | 6): LookupFunction {
  return ((_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  }) as LookupFunction;
}

/** GETs the calendar, following checked redirects. */
export async function fetchCalendar(raw: string, allowPrivate: boolean): Promise<FetchedFile> {
  const deadline = Date.now() + URL_TIMEOUT_MS;
  let url = importUrl(raw, allowPrivate);
  for (let redirects = 0; ; redirects++) {
    const { address, family } = await resolveTarget(url.hostname, allowPrivate).catch((error: unknown) => {
      throw error instanceof TargetRefused ? new UrlRefused(error.message) : error;
    });
    const answer = await get(url, pinnedLookup(address, family), deadline);
    if (answer.location === undefined) {
      if (answer.status < 200 || answer.status >= 300) throw new UrlRefused(`The URL answered HTTP ${answer.status}.`);
      return { bytes: answer.body, contentType: answer.contentType, url: url.toString() };
    }
    if (redirects >= MAX_REDIRECTS) throw new UrlRefused(`The URL redirects more than ${MAX_REDIRECTS} times.`);
    url = importUrl(new URL(answer.location, url).toString(), allowPrivate);
  }
}

interface Answer {
  status: number;
  location?: string;
  contentType: string;
  body: Buffer;
}

function get(url: URL, lookup: LookupFunction, deadline: number): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = send(url, { method: 'GET', headers: { accept: 'text/calendar, text/csv;q=0.9, */*;q=0.5' }, lookup, agent: false });
    const timer = setTimeout(
      () => req.destroy(new UrlRefused(`The URL gave no complete answer within ${URL_TIMEOUT_MS / 1000} s.`)),
      Math.max(0, deadline - Date.now()),
    );
    const finish = (answer: Answer) => {
      clearTimeout(timer);
      resolve(answer);
    };
    // Told apart from an answer by the event, not `instanceof Error`: a socket's error may come from another realm (jest's VM).
    const fail = (error: Error) => {
      clearTimeout(timer);
      reject(error instanceof UrlRefused ? error : new UrlRefused(`The URL could not be read: ${error.message}`));
    };
    req.on('error', fail);
    req.on('response', (res: IncomingMessage) => {
      const status = res.statusCode ?? 0;
      const contentType = String(res.headers['content-type'] ?? '');
      if (status >= 300 && status < 400 && res.headers.location) {
        res.resume();
        req.destroy();
        return finish({ status, location: res.headers.location, contentType, body: Buffer.alloc(0) });
      }
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_IMPORT_BYTES) return req.destroy(new UrlRefused(`The file is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB.`));
        chunks.push(chunk);
      });
      res.on('end', () => finish({ status, contentType, body: Buffer.concat(chunks) }));
      res.on('error', fail);
    });
    req.end();
  });
}
