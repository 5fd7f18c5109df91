import { canPublish, scaleBackStatus } from '../../auth/capabilities';
import { Caller } from '../../wordpress/caller';
import { prepareEventCost } from '../../events/cost';
import { prepareEventDates, preparePublicationDates } from '../../dates';
import { DATE_KEYS, META, metaFlag, ORIGIN, storedWebsite, ZONE_KEYS } from '../../events/write/event-meta';
import { CATEGORY_TAXONOMY, EVENT_TAXONOMIES, TAG_TAXONOMY } from '../../events/write/event-terms';
import { maybeSerialize } from '../../wordpress/php-serialization';
import { PostLinks } from '../../wordpress/permalinks';
import { EventRows, newEventColumns } from '../../events/write/event-rows';
import { EVENT_POST_TYPE } from '../../wordpress/post-types';
import { MODIFIED_FIELDS, settleScheduledStatus } from '../../wordpress/posts.store';
import { SiteNow } from '../../wordpress/site-clock';
import { sanitizeTitle } from '../../wordpress/slugs';
import { SeedEventInput } from './seed-data';

/** What every event of a batch shares: the site settings, "now", the author and the term lookup. */
export interface EventRowContext {
  siteTimezone: string;
  multiDayCutoff?: string;
  now: SiteNow;
  caller: Caller;
  links: PostLinks;
  /** term_id → term_taxonomy_id, per taxonomy (unknown IDs are skipped, as the API does). */
  termTaxonomyIds: Map<string, Map<number, number>>;
}

/**
 * The rows `POST /events` (EventWriter.create, by an administrator) writes for this input, built from
 * the same pure helpers: publication dates and status, event dates, cost, website, meta flags and
 * TEC's `_tribe_modified_fields` bookkeeping. test/e2e/seed-command.e2e-spec.ts checks that both
 * paths store the same rows. The posts columns are those PostsStore.insert fills.
 */
export function eventRows(input: SeedEventInput, ctx: EventRowContext): EventRows {
  const { now, caller } = ctx;
  const status0 = scaleBackStatus(undefined, canPublish(EVENT_POST_TYPE, caller.capabilities as Set<string>), true)!;
  const publication = preparePublicationDates({}, { siteTimezone: ctx.siteTimezone, now: now.ms, status: status0 })!;
  const status = settleScheduledStatus(status0, publication.post_date_gmt, now.ms);
  const title = input.title.trim(); // an administrator has unfiltered_html: no kses, trimmed
  const { dates, allDay } = prepareEventDates(
    { start_date: input.start_date, end_date: input.end_date, all_day: input.all_day },
    { timezone: ctx.siteTimezone, multiDayCutoff: ctx.multiDayCutoff },
    now.ms,
  );

  const post = newEventColumns({
    post_author: caller.id,
    post_date: publication.post_date,
    post_date_gmt: publication.post_date_gmt,
    post_content: input.description,
    post_title: title,
    post_excerpt: input.excerpt ?? '',
    post_status: status,
    post_name: sanitizeTitle(title),
    post_modified: now.local,
    post_modified_gmt: now.gmt,
    menu_order: 0,
  });

  const termTaxonomyIds: number[] = [];
  const taxonomies: string[] = [];
  for (const { taxonomy } of EVENT_TAXONOMIES) {
    const ids = taxonomy === CATEGORY_TAXONOMY ? input.categories : taxonomy === TAG_TAXONOMY ? input.tags : [];
    const lookup = ctx.termTaxonomyIds.get(taxonomy)!;
    for (const id of ids) {
      const ttId = lookup.get(id);
      if (ttId !== undefined && !termTaxonomyIds.includes(ttId)) termTaxonomyIds.push(ttId);
    }
    taxonomies.push(taxonomy);
  }

  const meta: [string, string][] = [[META.origin, ORIGIN]];
  meta.push([META.showMapLink, metaFlag(false)], [META.showMap, metaFlag(false)]);
  if (input.venue) meta.push([META.venue, String(input.venue)]);
  for (const id of new Set(input.organizer ?? [])) meta.push([META.organizer, String(id)]);
  if (allDay === '1') meta.push([META.allDay, '1']);
  for (const key of DATE_KEYS) meta.push([key, dates![key]]);
  if (input.cost !== undefined) {
    const cost = prepareEventCost([input.cost]);
    for (const value of cost.costs) meta.push([META.cost, value]);
    if (cost.currencySymbol !== null) meta.push([META.currencySymbol, cost.currencySymbol]);
    if (cost.currencyPosition !== null) meta.push([META.currencyPosition, cost.currencyPosition]);
  }
  if (input.website !== undefined && storedWebsite(input.website) !== '') meta.push([META.url, storedWebsite(input.website)]);
  for (const key of ZONE_KEYS) meta.push([key, dates![key]]);
  if (input.featured) meta.push([META.featured, '1']);

  // Tribe__Tracker: the row is added when the terms are assigned (so it is the first meta row) and
  // then updated in place with every meta key written after them.
  const modified: Record<string, number> = {};
  for (const key of [...taxonomies, ...meta.map(([key]) => key)]) modified[key] = now.localUnix;
  meta.unshift([MODIFIED_FIELDS, maybeSerialize(modified)]);

  return { post, meta, termTaxonomyIds, dates: dates! };
}
