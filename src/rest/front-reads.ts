import { Injectable } from '@nestjs/common';
import type { Caller } from '../wordpress/caller';

/** What a front read is handed of its request. */
export interface FrontRequest {
  /** The rewritten path's match of `FrontRead.path`. */
  match: RegExpExecArray;
  /** The query string as sent ('' for none); it holds no global parameter (`_fields`…), `password` or `context`. */
  query: string;
  /** The origin the request came to, as the route's context has it (RequestContext.origin). */
  origin: string;
  /** The language of a `/{lang}/` prefix. */
  language?: string;
  /** Who asks: anonymous, or the caller its Basic credentials logged in. */
  caller: Caller;
}

/** A front read's answer: its JSON as the bytes sent and what else the route would send of its own. */
export interface FrontAnswer {
  body: Buffer;
  /** Headers of this answer (a list's totals), over the learned ones. */
  headers?: Record<string, string>;
  /** `Link` values of this answer (a list's prev and next), after the learned ones but prev and next. */
  links?: readonly string[];
}

/**
 * A read answered before Express (src/app/front-reads.road.ts): a route whose answer is JSON text the
 * service can give without the road. `answer` gives exactly what the route would give,
 * or undefined whenever the route must answer itself (a record shown per caller, one the read model
 * does not hold, an unknown one, a query it does not take); a failure (a RestError) also hands the
 * request on: the route answers every error.
 */
export interface FrontRead {
  /** The rewritten path it answers, anchored; its match is handed to `answer`. */
  readonly path: RegExp;
  answer(request: FrontRequest): Promise<FrontAnswer | undefined>;
}

/** The reads the resources answer on the front road (events: one by ID or slug; the lists). */
@Injectable()
export class FrontReads {
  private readonly reads: FrontRead[] = [];

  add(read: FrontRead): void {
    this.reads.push(read);
  }

  /** The read answering `path`, with the match, if any. */
  match(path: string): { read: FrontRead; match: RegExpExecArray } | undefined {
    for (const read of this.reads) {
      const match = read.path.exec(path);
      if (match) return { read, match };
    }
    return undefined;
  }
}
