import { Injectable } from '@nestjs/common';
import { RecordCache } from '../../cache/record-cache';
import { dependOn } from '../../cache/dependencies';
import { DatabaseService } from '../../database/database.service';
import { AlikeRepresentation, embeddedOrganizers, embeddedVenue } from '../../linked-posts';
import { OrganizersService } from '../../organizers';
import { filledTemplate, JsonTemplate, jsonTemplate, ORIGIN_PLACEHOLDER, originLocalizer, ReadModel, TemplateHole, templateHoles } from '../../read-model';
import { JsonText } from '../../rest/json-text';
import { VenuesService } from '../../venues';
import { CacheKey } from '../../wordpress/cache-keys';
import { EVENT_POST_TYPE } from '../../wordpress/post-types';
import { SiteService } from '../../wordpress/site.service';
import type { EventResponse } from '../event.response';
import { firstEventMeta, seriesOf, SeriesReader } from '../series/series.reader';
import type { PostMeta } from '../../wordpress/posts.store';
import { baseShows, EventBase, EventLoader, RepresentOptions } from './event.loader';

/** The read model's name for the list items' rows (ReadModel.kind). */
export const EVENT_LIST_ITEM_KIND = 'event-list-item';

/**
 * A list item as the read model keeps it: the item's JSON, venue and organizers embedded, with a hole
 * for each term's count (read with each answer: a count moves with every event joining or leaving
 * the term, and a row holding it would be retired by each of those writes).
 */
interface ListItemRow {
  /** Null when the item is shown per caller (the event or a linked record is protected or not published). */
  template: JsonTemplate | null;
  /** The counts the item was built with, by term_taxonomy_id: a term no longer read keeps its own. */
  counts: Record<number, number>;
  /** The series whose `recurrence` and `series` close the item (seriesOf; 0: none). */
  series: number;
  /** The rule and timing of the series the event is the first of (firstEventMeta): not read again for its page. */
  firstOf?: PostMeta;
  /** The journal keys the item shows: its event's (baseShows) and its linked records'. */
  shows: string[];
}

/**
 * The items of an event list page as JSON text, from one read model row per event
 * (docs/caching.md "Lists as text"): a page is the rows' texts with the terms' current counts and
 * the series' summaries put in, instead of each event's objects decoded, embedded and serialised
 * again. Items a caller sees differently (a password, a linked record not published) and every read
 * inside a write or without the read model take EventLoader's road.
 */
@Injectable()
export class EventListItems {
  constructor(
    private readonly db: DatabaseService,
    private readonly loader: EventLoader,
    private readonly venues: VenuesService,
    private readonly organizers: OrganizersService,
    private readonly series: SeriesReader,
    private readonly site: SiteService,
    private readonly cache: RecordCache,
    private readonly readModel: ReadModel,
  ) {}

  /** The list items of `ids` (mode `list`) keyed by ID, as text where rows hold them; IDs that are not events are absent. */
  async items(ids: readonly number[], options: Omit<RepresentOptions, 'mode'>): Promise<Map<number, EventResponse | JsonText>> {
    const listOptions: RepresentOptions = { ...options, mode: 'list' };
    if (this.db.sql.inTransaction || !this.readModel.enabled) return this.loader.represent(ids, listOptions);
    // Rows hold links for the site's fixed base, or for a placeholder origin each answer localizes.
    const fixed = await this.site.fixedPublicBase();
    const renderedFor = fixed ?? ORIGIN_PLACEHOLDER;
    const rows = await this.cache.many(
      `event-item\n${renderedFor}`,
      ids,
      (missing) => this.rows(missing, renderedFor),
      (row) => 2 * ((row.template?.reduce<number>((size, part) => size + String(part).length, 0) ?? 0) + 64),
      (id, row) => row?.shows ?? [CacheKey.post(id)],
      { kind: this.readModel.kind(EVENT_LIST_ITEM_KIND, renderedFor) },
    );
    const perCaller = ids.filter((id) => rows.get(id)?.template === null);
    const texts = [...rows].filter((entry): entry is [number, ListItemRow & { template: JsonTemplate }] => entry[1].template !== null);
    const [represented, counts, series] = await Promise.all([
      perCaller.length ? this.loader.represent(perCaller, listOptions) : new Map<number, EventResponse>(),
      this.loader.termCounts(texts.flatMap(([, row]) => templateHoles(row.template))),
      this.seriesFields(texts),
    ]);
    const localize = fixed === undefined ? originLocalizer(options.requestOrigin) : undefined;
    const result = new Map<number, EventResponse | JsonText>();
    for (const id of ids) {
      const row = rows.get(id);
      if (!row) continue;
      if (row.template === null) {
        const event = represented.get(id);
        if (event) result.set(id, event);
        continue;
      }
      let text = filledTemplate(row.template, (tt) => String(counts?.get(tt) ?? row.counts[tt]));
      const fields = series.get(id);
      // The series' keys follow every other key, as EventLoader.represent spreads them.
      if (fields) text = `${text.slice(0, -1)},${JSON.stringify(fields).slice(1)}`;
      result.set(id, new JsonText(localize ? localize(text) : text));
    }
    return result;
  }

  /** `recurrence` and `series` of the items that belong to a series (read with each answer, as EventLoader's). */
  private async seriesFields(texts: readonly [number, ListItemRow][]) {
    const members = new Map(texts.filter(([, row]) => row.series > 0).map(([id, row]) => [id, row.series]));
    const firsts = new Map(texts.filter(([, row]) => row.firstOf).map(([id, row]) => [id, row.firstOf!]));
    const fields = await this.series.fieldsOf(members, firsts);
    for (const id of fields.keys()) dependOn([CacheKey.post(members.get(id)!), CacheKey.type(EVENT_POST_TYPE)]);
    return fields;
  }

  /** The rows of the events among `ids`, built from their shared parts and the linked records every caller sees alike. */
  private async rows(ids: readonly number[], renderedFor: string): Promise<Map<number, ListItemRow>> {
    const bases = await this.loader.sharedBases(ids, renderedFor);
    const linked = (pick: (base: EventBase) => number[]) => [...bases.values()].flatMap(pick).filter((id) => id > 0);
    const [venues, organizers] = await Promise.all([
      this.venues.embedAlike(
        linked((base) => base.venueIds),
        renderedFor,
      ),
      this.organizers.embedAlike(
        linked((base) => base.organizerIds),
        renderedFor,
      ),
    ]);
    const shown = (map: Map<number, AlikeRepresentation | undefined>) =>
      new Map([...map].filter((entry): entry is [number, AlikeRepresentation] => entry[1] !== undefined).map(([key, value]) => [key, value.representation]));
    const [venuesShown, organizersShown] = [shown(venues), shown(organizers)];
    const result = new Map<number, ListItemRow>();
    for (const [id, base] of bases) {
      const links = [...base.venueIds.map((linkId) => [venues, linkId] as const), ...base.organizerIds.map((linkId) => [organizers, linkId] as const)];
      // A link to no record is shown to no one; a linked record shown per caller (undefined) makes the item per caller.
      const alike = base.record.post.post_password === '' && !links.some(([map, linkId]) => map.has(linkId) && map.get(linkId) === undefined);
      const counts: Record<number, number> = {};
      const holes = (terms: EventResponse['categories']) =>
        terms.map((term) => {
          counts[term.term_taxonomy_id] = term.count;
          return { ...term, count: new TemplateHole(term.term_taxonomy_id) };
        });
      const template = alike
        ? jsonTemplate({
            ...base.event,
            categories: holes(base.event.categories),
            tags: holes(base.event.tags),
            venue: embeddedVenue(base.venueIds, venuesShown) as unknown as EventResponse['venue'],
            organizer: embeddedOrganizers(base.organizerIds, organizersShown) as unknown as EventResponse['organizer'],
          })
        : null;
      const shows = [...baseShows(id, base), ...links.flatMap(([map, linkId]) => map.get(linkId)?.shows ?? [])];
      const series = seriesOf(base.record.post, base.record.meta);
      result.set(id, { template, counts, series, shows, ...(series === id && { firstOf: firstEventMeta(base.record.meta) }) });
    }
    return result;
  }
}
