import { Injectable } from '@nestjs/common';

/**
 * A read answered before Express (src/app/front-reads.road.ts): a route whose anonymous answer to a
 * request without a query is JSON text the read model holds. `answer` gives exactly the body the route
 * would give, or undefined whenever the route must answer itself (a record shown per caller, one the
 * read model does not hold, an unknown one, anything unexpected).
 */
export interface FrontRead {
  /** The rewritten path it answers, anchored; its match is handed to `answer`. */
  readonly path: RegExp;
  answer(match: RegExpExecArray): Promise<string | undefined>;
}

/** The reads the resources answer on the front road (events: a single event by ID or by slug). */
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
