import { canPublish, scaleBackStatus } from '../../auth/capabilities';
import { SqlParam } from '../../database/sql';
import { preparePublicationDates } from '../../dates';
import { Caller } from '../../wordpress/caller';
import { maybeSerialize } from '../../wordpress/php-serialization';
import { FLOATING_STATUSES, MODIFIED_FIELDS, RESERVED_SLUGS, settleScheduledStatus } from '../../wordpress/posts.store';
import { SiteNow } from '../../wordpress/site-clock';
import { sanitizeTitle } from '../../wordpress/slugs';
import { DATE_KEYS, META, metaFlag, ORIGIN, storedWebsite, ZONE_KEYS } from './event-meta';
import { newEventColumns } from './event-rows';
import { EVENT_POST_TYPE } from '../../wordpress/post-types';
import { EventWritePlan } from './event-write-plan';
import { savedContent, savedTitle } from './event-writer';

/**
 * The `posts` columns EventWriter.create inserts for a planned event (PostsStore.insert's columns,
 * `guid` left to EventBatchWriter), or undefined when the batch writer cannot take the event the way
 * EventWriter writes it: a floating status (no slug yet), a given slug, a title without one or with a
 * reserved one (`feed`…: PostsStore numbers it), an author, an image (written through AttachmentsStore). The import's batches write the others;
 * test/e2e/import-bulk.e2e-spec.ts compares the rows of both roads.
 */
export function createdPostColumns(plan: EventWritePlan, caller: Caller, siteTimezone: string, now: SiteNow): Record<string, SqlParam> | undefined {
  const { args, input } = plan;
  if (plan.supplied('slug') || input.author !== undefined || input.image) return undefined;
  const requested = scaleBackStatus(args.status, canPublish(EVENT_POST_TYPE, caller.capabilities as Set<string>), true)!;
  const dates = preparePublicationDates(input.dates, { siteTimezone, now: now.ms, status: requested })!;
  const status = settleScheduledStatus(requested, dates.post_date_gmt, now.ms);
  const title = savedTitle(args.title ?? '', caller);
  const slug = sanitizeTitle(title);
  if (FLOATING_STATUSES.has(status) || !slug || RESERVED_SLUGS.has(slug)) return undefined;
  return newEventColumns({
    post_author: caller.id,
    post_date: dates.post_date,
    post_date_gmt: dates.post_date_gmt,
    post_content: plan.supplied('description') ? savedContent(args.description!, caller) : '',
    post_title: title,
    post_excerpt: plan.supplied('excerpt') ? savedContent(args.excerpt!, caller) : '',
    post_status: status,
    post_name: slug,
    post_modified: now.local,
    post_modified_gmt: now.gmt,
    menu_order: args.sticky ? -1 : 0,
  });
}

/** What EventWriter.writeMeta resolved before writing the rows: the linked records and the taxonomies assigned. */
export interface CreatedLinks {
  venue: number[] | undefined;
  organizers: number[] | undefined;
  /** The taxonomies whose terms were assigned (given and assignable), in EVENT_TAXONOMIES' order. */
  taxonomies: string[];
}

/**
 * The meta rows EventWriter.writeMeta leaves on a created event (no image), in its order: TEC's
 * `_tribe_modified_fields` first when terms were assigned (TEC adds it with them), else last.
 */
export function createdMetaRows(plan: EventWritePlan, links: CreatedLinks, now: SiteNow): [string, string][] {
  const { args, supplied } = plan;
  const rows: [string, string][] = [];
  const changed: string[] = [];
  // PostsStore.setMeta / addMeta store values as WordPress's maybe_serialize does.
  const set = (key: string, value: string) => {
    rows.push([key, maybeSerialize(value)]);
    changed.push(key);
  };
  const replace = (key: string, values: readonly string[]) => {
    if (!values.length) return;
    for (const value of values) rows.push([key, maybeSerialize(value)]);
    changed.push(key);
  };
  set(META.origin, ORIGIN);
  set(META.showMapLink, metaFlag(args.show_map_link ?? false));
  set(META.showMap, metaFlag(args.show_map ?? false));
  replace(META.venue, (links.venue ?? []).map(String));
  replace(META.organizer, (links.organizers ?? []).map(String));
  const { dates, allDay } = plan.eventDates;
  if (allDay === '1') set(META.allDay, '1');
  if (dates) for (const key of DATE_KEYS) set(key, dates[key]);
  if (plan.cost) {
    replace(META.cost, plan.cost.costs);
    if (plan.cost.currencySymbol !== null) set(META.currencySymbol, plan.cost.currencySymbol);
    if (plan.cost.currencyPosition !== null) set(META.currencyPosition, plan.cost.currencyPosition);
  }
  if (supplied('website') && storedWebsite(args.website!) !== '') set(META.url, storedWebsite(args.website!));
  if (dates) for (const key of ZONE_KEYS) set(key, dates[key]);
  if (supplied('featured') && args.featured) set(META.featured, '1');
  if (supplied('hide_from_listings') && args.hide_from_listings) set(META.hide, 'yes');

  // Tribe__Tracker (PostsStore.trackModified): the taxonomies, then every key written after them.
  const modified: Record<string, number> = {};
  for (const key of [...links.taxonomies, ...changed]) modified[key] = now.localUnix;
  const tracker: [string, string] = [MODIFIED_FIELDS, maybeSerialize(modified)];
  if (links.taxonomies.length) rows.unshift(tracker);
  else if (changed.length) rows.push(tracker);
  return rows;
}
