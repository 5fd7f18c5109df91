import { Injectable } from '@nestjs/common';
import { dependOn } from '../../cache/dependencies';
import { RecordCache } from '../../cache/record-cache';
import { TermCounts } from '../../cache/term-counts';
import { DatabaseService } from '../../database/database.service';
import { AlikeRepresentation, embeddedOrganizers, embeddedVenue } from '../../linked-posts';
import { OrganizersService } from '../../organizers';
import { filledTemplate, JsonTemplate, jsonTemplate, ORIGIN_PLACEHOLDER, originLocalizer, ReadModel, TemplateHole, templateHoles } from '../../read-model';
import { JsonText } from '../../rest/json-text';
import { VenuesService } from '../../venues';
import { CacheKey } from '../../wordpress/cache-keys';
import { SiteService } from '../../wordpress/site.service';
import type { EventResponse } from '../event.response';
import { firstEventMeta, seriesOf, SeriesReader } from '../series/series.reader';
import type { PostMeta } from '../../wordpress/posts.store';
import { baseShows, EventBase, EventLoader, RepresentOptions } from './event.loader';
import { EventSettingsReader } from './event-settings';
import { eventJsonLd } from '../json-ld';
import { RequestContext } from '../../rest/request-context';
import { isAuthenticated } from '../../wordpress/caller';

/** The read model's names for the events' texts (ReadModel.kind): a list item, a single read's answer. */
export const EVENT_LIST_ITEM_KIND = 'event-list-item';
export const EVENT_SINGLE_KIND = 'event-single';

/**
 * What `single` answers when its row could not be built: no post has the ID, or it is not an event
 * (rows are built for events of every status), so the read's refusal needs no other read of the event.
 */
export const NOT_AN_EVENT = Symbol('not an event');

/** Which text: a list's item (mode `list`) or a single read's answer (mode `single`, with `json_ld`). */
type TextMode = 'list' | 'single';

/**
 * An event's text as the read model keeps it: the JSON of its list item or single answer, venue and
 * organizers embedded, with a hole for each term's count (read with each answer: a count moves with
 * every event joining or leaving the term, and a row holding it would be retired by each of those
 * writes).
 */
interface TextRow {
  /**
   * Null when the text is shown per caller (the event or a linked record is protected or not
   * published; for a single read, the event not published either).
   */
  template: JsonTemplate | null;
  /** A single read's `json_ld`, which follows every other key (the series' too). */
  jsonLd?: string;
  /** The counts the item was built with, by term_taxonomy_id: a term no longer read keeps its own. */
  counts: Record<number, number>;
  /** The series whose `recurrence` and `series` close the item (seriesOf; 0: none). */
  series: number;
  /** The rule and timing of the series the event is the first of (firstEventMeta): not read again for its page. */
  firstOf?: PostMeta;
  /** The journal keys the text shows: its event's (baseShows) and its linked records'. */
  shows: string[];
}

/**
 * Events as JSON text, from one read model row per event and mode (docs/caching.md "lists as text"):
 * a list page is the rows' texts with the terms' current counts and the series' summaries put in, a
 * single read one such text with its `json_ld`, instead of each event's objects decoded, embedded and
 * serialised again. What a caller sees differently (a password, a linked record not published) and
 * every read inside a write or without the read model take EventLoader's road.
 */
@Injectable()
export class EventTexts {
  constructor(
    private readonly db: DatabaseService,
    private readonly loader: EventLoader,
    private readonly venues: VenuesService,
    private readonly organizers: OrganizersService,
    private readonly series: SeriesReader,
    private readonly settings: EventSettingsReader,
    private readonly site: SiteService,
    private readonly cache: RecordCache,
    private readonly readModel: ReadModel,
    private readonly counts: TermCounts,
  ) {}

  /** The list items of `ids` (mode `list`) keyed by ID, as text where rows hold them; IDs that are not events are absent. */
  async items(ids: readonly number[], options: Omit<RepresentOptions, 'mode'>): Promise<Map<number, EventResponse | JsonText>> {
    const listOptions: RepresentOptions = { ...options, mode: 'list' };
    if (this.db.sql.inTransaction || !this.readModel.enabled) return this.loader.represent(ids, listOptions);
    const { rows, localize } = await this.textRows('list', ids, options.requestOrigin);
    const perCaller = ids.filter((id) => rows.get(id)?.template === null);
    const [represented, texts] = await Promise.all([
      perCaller.length ? this.loader.represent(perCaller, listOptions) : new Map<number, EventResponse>(),
      this.texts(rows, localize),
    ]);
    const result = new Map<number, EventResponse | JsonText>();
    for (const id of ids) {
      const item = texts.get(id) ?? represented.get(id);
      if (item) result.set(id, item);
    }
    return result;
  }

  /**
   * A single read's answer (`GET /events/{id}`, mode `single`) as text, when every caller who may read
   * the event sees it alike — a published event without a password, its linked records likewise —
   * and this caller sees its `json_ld` (anonymous, or with `read`); NOT_AN_EVENT when no event has the
   * ID; else undefined: EventLoader's road.
   */
  async single(id: number, ctx: RequestContext): Promise<JsonText | typeof NOT_AN_EVENT | undefined> {
    if (this.db.sql.inTransaction || !this.readModel.enabled) return undefined;
    if (isAuthenticated(ctx.caller) && !ctx.caller.capabilities.has('read')) return undefined;
    const { rows, localize } = await this.textRows('single', [id], ctx.origin);
    const row = rows.get(id);
    if (!row) return NOT_AN_EVENT;
    if (!row.template) return undefined;
    return (await this.texts(rows, localize)).get(id);
  }

  /**
   * An anonymous single read's answer from the event's stored row alone (the front road, FrontReads):
   * undefined unless the site's links do not follow the request and the read model holds the event's
   * text as `single` would give it. Nothing is built or kept here: a row missing is the route's to fill.
   */
  async stored(id: number): Promise<JsonText | undefined> {
    if (!this.readModel.enabled) return undefined;
    const fixed = await this.site.fixedPublicBase();
    if (fixed === undefined) return undefined;
    const rows = await this.readModel.read<TextRow>(this.readModel.kind(EVENT_SINGLE_KIND, fixed), [id]);
    if (!rows.get(id)?.template) return undefined;
    return (await this.texts(rows)).get(id);
  }

  /** The rows of `mode` of the events among `ids`: kept in memory and in the read model, loaded when missing. */
  private async textRows(mode: TextMode, ids: readonly number[], requestOrigin: string) {
    // Rows hold links for the site's fixed base, or for a placeholder origin each answer localizes.
    const fixed = await this.site.fixedPublicBase();
    const renderedFor = fixed ?? ORIGIN_PLACEHOLDER;
    const rows = await this.cache.many(
      `event-${mode}\n${renderedFor}`,
      ids,
      (missing) => this.rows(mode, missing, renderedFor),
      (row) => 2 * ((row.template?.reduce<number>((size, part) => size + String(part).length, 0) ?? 0) + (row.jsonLd?.length ?? 0) + 64),
      (id, row) => row?.shows ?? [CacheKey.post(id)],
      { kind: this.readModel.kind(mode === 'list' ? EVENT_LIST_ITEM_KIND : EVENT_SINGLE_KIND, renderedFor) },
    );
    return { rows, localize: fixed === undefined ? originLocalizer(requestOrigin) : undefined };
  }

  /**
   * The texts of the rows that hold one: the terms' current counts and the series' summaries put in.
   * Each text says where its counts stand, so that a kept answer has them put in again at replay
   * instead of being retired when a count moves (docs/caching.md "Term counts put in at replay"); a
   * text read as a value, or localized for the request's origin (which moves the places), shows them.
   */
  private async texts(rows: ReadonlyMap<number, TextRow>, localize?: (json: string) => string): Promise<Map<number, JsonText>> {
    const held = [...rows].filter((entry): entry is [number, TextRow & { template: JsonTemplate }] => entry[1].template !== null);
    const termIds = held.flatMap(([, row]) => templateHoles(row.template));
    const [counts, series] = await Promise.all([this.counts.current(termIds, localize !== undefined), this.seriesFields(held)]);
    const shown = () => dependOn(termIds.map(CacheKey.count));
    const result = new Map<number, JsonText>();
    for (const [id, row] of held) {
      const filled = filledTemplate(row.template, (tt) => counts?.get(tt) ?? row.counts[tt]);
      let text = filled.text;
      // The series' keys follow the representation's, then a single read's `json_ld`, as EventLoader.represent builds them.
      const fields = series.get(id);
      if (fields) text = `${text.slice(0, -1)},${JSON.stringify(fields).slice(1)}`;
      if (row.jsonLd !== undefined) text = `${text.slice(0, -1)},"json_ld":${row.jsonLd}}`;
      if (localize) result.set(id, new JsonText(localize(text)));
      else
        result.set(
          id,
          new JsonText(
            text,
            filled.holes.map((hole) => ({ at: hole.at, length: hole.length, termTaxonomyId: hole.key, count: hole.value })),
            shown,
          ),
        );
    }
    return result;
  }

  /** `recurrence` and `series` of the items that belong to a series (read with each answer, as EventLoader's). */
  private async seriesFields(texts: readonly [number, TextRow][]) {
    const members = new Map(texts.filter(([, row]) => row.series > 0).map(([id, row]) => [id, row.series]));
    const firsts = new Map(texts.filter(([, row]) => row.firstOf).map(([id, row]) => [id, row.firstOf!]));
    return this.series.fieldsOf(members, firsts);
  }

  /**
   * The rows of the events among `ids`, built from their shared parts — in memory, else read from the
   * tables, not from their read model rows (EventLoader.sharedBases) — and the linked records every
   * caller sees alike.
   */
  private async rows(mode: TextMode, ids: readonly number[], renderedFor: string): Promise<Map<number, TextRow>> {
    const bases = await this.loader.sharedBases(ids, renderedFor, false);
    const linked = (pick: (base: EventBase) => number[]) => [...bases.values()].flatMap(pick).filter((id) => id > 0);
    const single = mode === 'single';
    const [venues, organizers, settings] = await Promise.all([
      this.venues.embedAlike(
        linked((base) => base.venueIds),
        renderedFor,
        single,
      ),
      this.organizers.embedAlike(
        linked((base) => base.organizerIds),
        renderedFor,
        single,
      ),
      single ? this.settings.read() : undefined,
    ]);
    const shown = (map: Map<number, AlikeRepresentation | undefined>) =>
      new Map([...map].filter((entry): entry is [number, AlikeRepresentation] => entry[1] !== undefined).map(([key, value]) => [key, value.representation]));
    const [venuesShown, organizersShown] = [shown(venues), shown(organizers)];
    const result = new Map<number, TextRow>();
    for (const [id, base] of bases) {
      const links = [...base.venueIds.map((linkId) => [venues, linkId] as const), ...base.organizerIds.map((linkId) => [organizers, linkId] as const)];
      // A link to no record is shown to no one; a linked record shown per caller (undefined) makes the item per caller.
      // A single read's `json_ld` shows only for a published event (jsonLdVisible).
      const alike =
        base.record.post.post_password === '' &&
        (!single || base.record.post.post_status === 'publish') &&
        !links.some(([map, linkId]) => map.has(linkId) && map.get(linkId) === undefined);
      const counts: Record<number, number> = {};
      const holes = (terms: EventResponse['categories']) =>
        terms.map((term) => {
          counts[term.term_taxonomy_id] = term.count;
          return { ...term, count: new TemplateHole(term.term_taxonomy_id) };
        });
      const venue = embeddedVenue(base.venueIds, venuesShown) as unknown as EventResponse['venue'];
      const organizer = embeddedOrganizers(base.organizerIds, organizersShown) as unknown as EventResponse['organizer'];
      const template = alike ? jsonTemplate({ ...base.event, categories: holes(base.event.categories), tags: holes(base.event.tags), venue, organizer }) : null;
      const jsonLd =
        alike && settings ? JSON.stringify(eventJsonLd({ ...base.record, venue, organizer }, { ...base.event, venue, organizer }, settings)) : undefined;
      const shows = [...baseShows(id, base), ...links.flatMap(([map, linkId]) => map.get(linkId)?.shows ?? [])];
      const series = seriesOf(base.record.post, base.record.meta);
      result.set(id, {
        template,
        ...(jsonLd !== undefined && { jsonLd }),
        counts,
        series,
        shows,
        ...(series === id && { firstOf: firstEventMeta(base.record.meta) }),
      });
    }
    return result;
  }
}
