import { Caller } from '../../wordpress/caller';
import { DatabaseService } from '../../database/database.service';
import { LinkedPostWriter } from '../../linked-posts/linked-post.writer';
import { LinkedPostType } from '../../linked-posts/linked-post-type';
import { PostLinks } from '../../wordpress/permalinks';
import { SiteClock } from '../../wordpress/site-clock';
import { TermRow, TermsStore, TermWriteError } from '../../wordpress/terms.store';

const CHUNK = 200;

/**
 * Venues, organizers and terms for the seeded events. There are few of them, so they go through the
 * API's own writers (LinkedPostWriter, TermsStore.insert) in transactions of 200: their rows are
 * exactly those of `POST /venues`, `/organizers`, `/categories`, `/tags`.
 */
export class LinkedSeeder {
  constructor(
    private readonly db: DatabaseService,
    private readonly writer: LinkedPostWriter,
    private readonly terms: TermsStore,
    private readonly caller: Caller,
    private readonly clock: SiteClock,
    private readonly links: PostLinks,
  ) {}

  /** Creates the records (a same-named one is reused, as the API does) and returns their IDs in order. */
  async posts(type: LinkedPostType, inputs: readonly Record<string, string>[], onProgress: (done: number) => void): Promise<number[]> {
    const ids: number[] = [];
    for (let start = 0; start < inputs.length; start += CHUNK) {
      const chunk = inputs.slice(start, start + CHUNK);
      ids.push(
        ...(await this.db.transaction(async () => {
          const created: number[] = [];
          const ctx = { caller: this.caller, clock: this.clock, links: this.links };
          for (const args of chunk) created.push(await this.writer.create(type, { args, dates: {} }, ctx));
          return created;
        })),
      );
      onProgress(chunk.length);
    }
    return ids;
  }

  /** Terms by name (an existing term of that name is used as is). */
  async termsNamed(taxonomy: string, names: readonly string[]): Promise<TermRow[]> {
    return this.db.transaction(async () => {
      const rows: TermRow[] = [];
      for (const name of names) {
        try {
          rows.push(await this.terms.insert(taxonomy, { name }));
        } catch (error) {
          if (!(error instanceof TermWriteError) || error.existingTermId === undefined) throw error;
          rows.push((await this.terms.findById(error.existingTermId, taxonomy))!);
        }
      }
      return rows;
    });
  }
}
