import { Injectable } from '@nestjs/common';
import { Caller } from '../../auth/caller';
import { Sql } from '../../database/sql';
import { TermsStore, TermWriteError } from '../../wordpress/terms.store';

export const CATEGORY_TAXONOMY = 'tribe_events_cat';
export const TAG_TAXONOMY = 'post_tag';

/** The event parameter of each taxonomy and the capability that lets a writer assign its terms (auth §2.3). */
export const EVENT_TAXONOMIES = [
  { param: 'categories', taxonomy: CATEGORY_TAXONOMY, assignCapability: 'edit_tribe_events' },
  { param: 'tags', taxonomy: TAG_TAXONOMY, assignCapability: 'edit_posts' },
] as const;

/** `categories` / `tags` input: IDs, slugs or names (events.md §4.4); anything else is invalid. */
export function termItems(value: readonly unknown[]): string[] | undefined {
  if (!value.every((v) => typeof v === 'string' || typeof v === 'number')) return undefined;
  return value.map((v) => String(v).trim()).filter((v) => v !== '');
}

/**
 * `Tribe__Terms::translate_terms_to_ids` + `wp_set_object_terms` for an event write: numeric items are
 * term IDs (unknown ones skipped); other items name an existing term by slug or name, or create a new
 * term (Q37 COPY). Q66 DEVIATE: an existing tag named by name or slug is assigned itself (TEC assigns a
 * tag named after its ID digits). The event's terms of the taxonomy are replaced and recounted.
 */
@Injectable()
export class EventTermsWriter {
  constructor(private readonly terms: TermsStore) {}

  /** Whether the caller may assign terms of the taxonomy; without it the list is silently ignored (WP core). */
  canAssign(caller: Caller, assignCapability: string): boolean {
    return caller.capabilities.has(assignCapability);
  }

  async assign(sql: Sql, eventId: number, taxonomy: string, items: readonly string[]): Promise<void> {
    const ids: number[] = [];
    for (const item of items) {
      const id = await this.termTaxonomyId(sql, taxonomy, item);
      if (id !== undefined) ids.push(id);
    }
    await this.terms.setObjectTerms(sql, eventId, taxonomy, ids);
  }

  /** Every term of the event recounted (after a status change: publish ↔ other, trash). */
  recountObjects(sql: Sql, eventId: number): Promise<void> {
    return this.terms.recountObjects(sql, [eventId]);
  }

  private async termTaxonomyId(sql: Sql, taxonomy: string, item: string): Promise<number | undefined> {
    if (/^\d+$/.test(item)) return (await this.terms.findById(Number(item), taxonomy, sql))?.term_taxonomy_id;
    const existing = (await this.terms.findBySlug(item, taxonomy, sql)) ?? (await this.terms.findByName(item, taxonomy, sql));
    if (existing) return existing.term_taxonomy_id;
    try {
      return (await this.terms.insert(sql, taxonomy, { name: item })).term_taxonomy_id;
    } catch (error) {
      if (!(error instanceof TermWriteError)) throw error;
      // A name WordPress cannot store (nothing left after sanitising) is skipped, as TEC skips failed inserts.
      if (error.code !== 'term_exists' || error.existingTermId === undefined) return undefined;
      return (await this.terms.findById(error.existingTermId, taxonomy, sql))?.term_taxonomy_id;
    }
  }
}
