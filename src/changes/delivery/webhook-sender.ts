import { Injectable } from '@nestjs/common';
import { request as httpRequest, IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { AppConfig } from '../../config/app-config';
import type { AttemptOutcome } from '../repository/deliveries.repository';
import { resolveTarget, TargetRefused } from './target-guard';

/** Most of a response body read (the rest is not waited for) and most of it kept in the delivery log. */
export const MAX_RESPONSE_BYTES = 64 * 1024;
export const LOGGED_RESPONSE_CHARS = 1024;

/** A lookup that answers the address checked beforehand, whatever Node asks (one address or all). */
function pinnedLookup(address: string, family: 4 | 6): LookupFunction {
  return ((_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  }) as LookupFunction;
}

/**
 * POSTs one delivery: the target's address checked and pinned (target-guard.ts), no redirect
 * followed, the whole exchange within WEBHOOKS_TIMEOUT_MS and at most MAX_RESPONSE_BYTES of the
 * answer read. A 2xx status is a success; anything else, a refusal or an error is a failure.
 */
@Injectable()
export class WebhookSender {
  constructor(private readonly config: AppConfig) {}

  async send(target: string, body: string, headers: Record<string, string>): Promise<AttemptOutcome> {
    const startedAt = Date.now();
    const done = (outcome: Omit<AttemptOutcome, 'startedAt' | 'durationMs'>): AttemptOutcome => ({ ...outcome, startedAt, durationMs: Date.now() - startedAt });
    const { allowPrivateTargets, timeoutMs } = this.config.webhooks;
    const url = new URL(target);
    if (url.protocol !== 'https:' && !(allowPrivateTargets && url.protocol === 'http:')) return done({ ok: false, error: 'The URL must use https.' });
    try {
      const { address, family } = await resolveTarget(url.hostname, allowPrivateTargets);
      const response = await this.post(url, body, headers, pinnedLookup(address, family), timeoutMs - (Date.now() - startedAt));
      const ok = response.status >= 200 && response.status < 300;
      return done({ ok, statusCode: response.status, response: response.text, ...(ok ? {} : { error: `HTTP ${response.status}` }) });
    } catch (error) {
      return done({ ok: false, error: error instanceof TargetRefused ? error.message : `Request failed: ${(error as Error).message}` });
    }
  }

  private post(url: URL, body: string, headers: Record<string, string>, lookup: LookupFunction, timeoutMs: number): Promise<{ status: number; text: string }> {
    return new Promise((resolve, reject) => {
      const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
      const req = send(url, {
        method: 'POST',
        headers: { ...headers, 'Content-Length': String(Buffer.byteLength(body)) },
        lookup,
        // No keep-alive: each delivery resolves and checks its target again.
        agent: false,
      });
      const timer = setTimeout(() => req.destroy(new Error(`no complete answer within ${Math.max(0, timeoutMs)} ms`)), Math.max(0, timeoutMs));
      const finish = (result: { status: number; text: string } | Error) => {
        clearTimeout(timer);
        if (result instanceof Error) reject(result);
        else resolve(result);
      };
      req.on('error', finish);
      req.on('response', (res: IncomingMessage) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const settle = () => {
          const text = Buffer.concat(chunks).toString('utf8').slice(0, LOGGED_RESPONSE_CHARS);
          finish({ status: res.statusCode ?? 0, text });
        };
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          chunks.push(chunk);
          if (size >= MAX_RESPONSE_BYTES) {
            // Enough: the status is known, the rest of the answer is not worth waiting for.
            res.removeAllListeners('data');
            settle();
            req.destroy();
          }
        });
        res.on('end', settle);
        res.on('error', (error) => finish(error));
      });
      req.end(body);
    });
  }
}
