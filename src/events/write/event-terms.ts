import { Injectable } from '@nestjs/common';
import { Caller } from '../../wordpress/caller';
import { RestError } from '../../reasons/rest-error';
import { sanitizeTitle } from '../../wordpress/slugs';
import { TermRow, TermsStore, TermWriteError } from '../../wordpress/terms.store';
import { PostRow } from '../../wordpress/posts.store';

export const CATEGORY_TAXONOMY = 'tribe_events_cat';
export const TAG_TAXONOMY = 'post_tag';

/** The event parameter of each taxonomy and the capability that lets a writer assign its terms (auth §2.3). */
export const EVENT_TAXONOMIES = [
  { param: 'categories', taxonomy: CATEGORY_TAXONOMY, assignCapability: 'edit_tribe_events' },
  { param: 'tags', taxonomy: TAG_TAXONOMY, assignCapability: 'edit_posts' },
] as const;

/**
 * Most terms one event write may create, categories and tags together (issue #13: without a cap one
 * request could create thousands). Naming existing terms costs nothing; only created terms count.
 */
export const MAX_NEW_TERMS_PER_WRITE = 100;

/** The terms a list names by ID or by slug, read before its items are resolved one by one. */
interface KnownTerms {
  byId: ReadonlyMap<number, TermRow>;
  bySlug: Map<string, TermRow>;
}

/** The terms one event write has created so far, across its taxonomies. */
export class NewTermsTally {
  private created = 0;
  private readonly params = new Set<string>();

  /**
   * Counts a created term of the parameter; past the cap the write fails with a 400 naming the
   * parameters that created terms (inside the write's transaction: nothing is stored).
   */
  count(param: string): void {
    this.created++;
    this.params.add(param);
    if (this.created <= MAX_NEW_TERMS_PER_WRITE) return;
    const message = `One event write may create at most ${MAX_NEW_TERMS_PER_WRITE} new categories and tags together.`;
    throw RestError.invalidParams(Object.fromEntries([...this.params].map((name) => [name, message])));
  }
}

/** `categories` / `tags` input: IDs, slugs or names (events.md §4.4); anything else is invalid. */
export function termItems(value: readonly unknown[]): string[] | undefined {
  if (!value.every((v) => typeof v === 'string' || typeof v === 'number')) return undefined;
  return value.map((v) => String(v).trim()).filter((v) => v !== '');
}

/**
 * `Tribe__Terms::translate_terms_to_ids` + `wp_set_object_terms` for an event write: numeric items are
 * term IDs (unknown ones skipped); other items name an existing term by slug or name, or create a new
 * term (Q37 COPY). Q66 DEVIATE: an existing tag named by name or slug is assigned itself (TEC assigns a
 * tag named after its ID digits). The event's terms of the taxonomy are replaced and recounted. New
 * terms are counted against MAX_NEW_TERMS_PER_WRITE.
 */
@Injectable()
export class EventTermsWriter {
  constructor(private readonly terms: TermsStore) {}

  /** Whether the caller may assign terms of the taxonomy; without it the list is silently ignored (WP core). */
  canAssign(caller: Caller, assignCapability: string): boolean {
    return caller.capabilities.has(assignCapability);
  }

  /** The event's terms of each taxonomy given replaced by the items (categories and tags in one pass). */
  async assign(eventId: number, items: ReadonlyMap<string, readonly string[]>, tally: NewTermsTally): Promise<void> {
    // The event's present terms are read with the items' terms (one round trip).
    const current = this.terms.relationshipsOf(eventId, [...items.keys()]);
    current?.catch(() => undefined);
    await this.terms.setObjectTerms(eventId, await this.resolveAll(items, tally), current);
  }

  /** The term_taxonomy_ids the items name, missing terms created (as `assign` does, before an event's ID is known: the import's batches). */
  async resolve(taxonomy: string, items: readonly string[], tally: NewTermsTally): Promise<number[]> {
    return (await this.resolveAll(new Map([[taxonomy, items]]), tally)).get(taxonomy)!;
  }

  /** `resolve` for several taxonomies: the items naming existing terms by ID or slug are read in one query whatever the lists' length. */
  private async resolveAll(items: ReadonlyMap<string, readonly string[]>, tally: NewTermsTally): Promise<Map<string, number[]>> {
    const isId = (item: string) => /^\d+$/.test(item);
    const named = new Map([...items].map(([taxonomy, list]) => [taxonomy, { ids: list.filter(isId).map(Number), slugs: list.filter((item) => !isId(item)) }]));
    const rows = await this.terms.findNamed(named);
    const resolved = new Map<string, number[]>();
    for (const [taxonomy, list] of items) {
      const { param } = EVENT_TAXONOMIES.find((t) => t.taxonomy === taxonomy)!;
      const wantedIds = new Set(named.get(taxonomy)!.ids);
      const own = rows.filter((row) => row.taxonomy === taxonomy);
      const known: KnownTerms = {
        byId: new Map(own.filter((term) => wantedIds.has(term.term_id)).map((term) => [term.term_id, term])),
        bySlug: new Map(own.map((term) => [term.slug.toLowerCase(), term])),
      };
      const ids: number[] = [];
      for (const item of list) {
        const id = await this.termTaxonomyId(taxonomy, item, known, () => tally.count(param));
        if (id !== undefined) ids.push(id);
      }
      resolved.set(taxonomy, ids);
    }
    return resolved;
  }

  /** Before the event is deleted for good: its relationships go, the terms that counted it drop by one. */
  detachAll(post: PostRow): Promise<void> {
    return this.terms.detachAll(post);
  }

  /** Every term of the event recounted (after a status change: publish ↔ other, trash). */
  recountObjects(eventId: number): Promise<void> {
    return this.terms.recountObjects([eventId]);
  }

  private async termTaxonomyId(taxonomy: string, item: string, known: KnownTerms, created: () => void): Promise<number | undefined> {
    if (/^\d+$/.test(item)) return known.byId.get(Number(item))?.term_taxonomy_id;
    const existing = known.bySlug.get(sanitizeTitle(item)) ?? (await this.terms.findByName(item, taxonomy));
    if (existing) return existing.term_taxonomy_id;
    try {
      const term = await this.terms.insert(taxonomy, { name: item });
      known.bySlug.set(term.slug.toLowerCase(), term); // a later item naming it by slug finds it
      created();
      return term.term_taxonomy_id;
    } catch (error) {
      if (!(error instanceof TermWriteError)) throw error;
      // A name WordPress cannot store (nothing left after sanitising) is skipped, as TEC skips failed inserts.
      if (error.code !== 'term_exists' || error.existingTermId === undefined) return undefined;
      return (await this.terms.findById(error.existingTermId, taxonomy))?.term_taxonomy_id;
    }
  }
}
