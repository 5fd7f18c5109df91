import { Injectable } from '@nestjs/common';
import { DatabaseService } from '../database/database.service';
import {
  EventCreateArgs,
  EventBatchWriter,
  KnownRange,
  TecTables,
  HORIZON_META_KEY,
  occurrenceRows,
  laterOccurrences,
  planHorizonUtc,
  SeriesPlan,
  createdMetaRows,
  createdPostColumns,
  EventRows,
  EVENT_TAXONOMIES,
  EventTermsWriter,
  NewTermsTally,
  EventWritePlanner,
} from '../events';
import { EVENT_POST_TYPE } from '../wordpress/post-types';
import { InlineWriteContext, LinkPlan } from '../linked-posts';
import { OrganizersService } from '../organizers';
import { RECURRENCE_META_KEY, serializeRecurrence } from '../recurrence';
import { VenuesService } from '../venues';
import { Caller } from '../wordpress/caller';
import { Permalinks } from '../wordpress/permalinks';
import { maybeSerialize } from '../wordpress/php-serialization';
import { PostMeta, PostsStore } from '../wordpress/posts.store';
import { SiteClockService, SiteNow } from '../wordpress/site-clock';
import { sanitizeTitle } from '../wordpress/slugs';
import { TermsStore } from '../wordpress/terms.store';
import { noteSeriesOccurrences, noteWrite } from '../wordpress/write-journal';
import { EVENT_AGGREGATOR_ORIGIN, EVENT_ORIGIN_META_KEY, EventGroup, EventImporter, ImportOrigin, rememberedMeta } from './event-importer';
import { ReportItem } from './import-report';

/** New groups written per transaction: a few hundred first events (and their series) in multi-row statements. */
export const GROUPS_PER_BATCH = 250;

/** A new group whose parameters passed `POST /events`' validation. */
interface NewGroup {
  group: EventGroup;
  args: EventCreateArgs;
  hash: string;
}

/** A group's rows, planned and resolved (terms, venue, organizers) inside the batch's transaction. */
interface BuiltGroup {
  entry: NewGroup;
  rows: EventRows;
  /** The first event's meta as EventWriter leaves it, before the import's keys: what its occurrences copy. */
  ownMeta: [string, string][];
  series: SeriesPlan | undefined;
}

/**
 * What a batch has resolved already, in its own transaction: a term named again is the same term, an
 * inline venue or organizer given again alike is the record the first one was (reused, nothing left
 * to write: LinkedPostWriter finds it by name and writes the same values). Saves the statements that
 * made the per-event road slow on MariaDB (round trips, not work).
 */
interface BatchMemo {
  terms: Map<string, number | undefined>;
  links: Map<string, number[] | undefined>;
}

/** One group the batch road leaves to the per-event road, or reports: what to do with it. */
type Outcome = { built: BuiltGroup } | { alone: NewGroup };

/** A group's failure inside a batch: where it was, so the batch is written again without it. */
class BatchGroupFailure extends Error {
  constructor(
    readonly index: number,
    readonly error: unknown,
  ) {
    super('A group of the batch failed');
  }
}

/**
 * The import's fast road for new events and series (docs/import.md "Speed"): each group planned with
 * the events' own planner (validation, permission, kses, series limits) and its terms, venue and
 * organizers resolved as EventWriter does, then a batch of groups written with EventBatchWriter's
 * multi-row statements in ONE transaction (the change feed and the caches' data version once per
 * batch). A group the planner refuses rolls the batch back; the groups before it are written again
 * as a batch, it goes the per-event road alone (which reports it with its line), the rest go on. A
 * group EventWriter writes in a way the batch writer cannot (an image, a draft, no slug) goes the
 * per-event road too. test/e2e/import-bulk.e2e-spec.ts compares both roads' rows.
 */
@Injectable()
export class BatchImporter {
  constructor(
    private readonly db: DatabaseService,
    private readonly importer: EventImporter,
    private readonly planner: EventWritePlanner,
    private readonly terms: EventTermsWriter,
    private readonly venues: VenuesService,
    private readonly organizers: OrganizersService,
    private readonly posts: PostsStore,
    private readonly termsStore: TermsStore,
    private readonly tec: TecTables,
    private readonly knownRange: KnownRange,
    private readonly clocks: SiteClockService,
    private readonly permalinks: Permalinks,
  ) {}

  /**
   * Writes groups that have no event yet; `alone` writes one group the per-event road's way. `done` is
   * told after each group.
   */
  async create(
    groups: readonly EventGroup[],
    origin: ImportOrigin,
    caller: Caller,
    requestOrigin: string,
    alone: (group: EventGroup) => Promise<ReportItem[]>,
    done: () => void,
  ): Promise<ReportItem[]> {
    const items: ReportItem[] = [];
    const ready: NewGroup[] = [];
    for (const group of groups) {
      // Changed occurrences are updates of the series' posts; a caller without the capability gets the per-event road's 403s.
      if (group.overrides.some((o) => !o.cancelled) || !caller.capabilities.has('edit_tribe_events')) {
        items.push(...(await alone(group)));
        done();
        continue;
      }
      const { params, hash } = this.importer.prepare(group);
      const raw = { ...params, status: group.master.cancelled ? 'draft' : origin.status };
      try {
        ready.push({ group, hash, args: await this.importer.createArgs(raw, group.master) });
      } catch (error) {
        items.push(this.importer.failure(error, group));
        done();
      }
    }
    const road = { origin, caller, requestOrigin, alone, done };
    for (let i = 0; i < ready.length; i += GROUPS_PER_BATCH) items.push(...(await this.batch(ready.slice(i, i + GROUPS_PER_BATCH), road)));
    return items;
  }

  private async batch(
    entries: readonly NewGroup[],
    road: { origin: ImportOrigin; caller: Caller; requestOrigin: string; alone: (group: EventGroup) => Promise<ReportItem[]>; done: () => void },
  ): Promise<ReportItem[]> {
    if (!entries.length) return [];
    const clock = await this.clocks.clock();
    const links = await this.permalinks.forOrigin(road.requestOrigin);
    const ctx: InlineWriteContext = { caller: road.caller, clock, links };
    let outcomes: Outcome[];
    let ids: number[];
    try {
      ({ outcomes, ids } = await this.db.transaction(async () => {
        const now = clock.now();
        const outcomes: Outcome[] = [];
        const memo: BatchMemo = { terms: new Map(), links: new Map() };
        for (const [index, entry] of entries.entries()) {
          try {
            const built = await this.build(entry, ctx, now, road, memo);
            outcomes.push(built ? { built } : { alone: entry });
          } catch (error) {
            throw new BatchGroupFailure(index, error);
          }
        }
        const ids = await this.write(
          outcomes.flatMap((o) => ('built' in o ? [o.built] : [])),
          links,
          now,
        );
        return { outcomes, ids };
      }));
    } catch (error) {
      if (!(error instanceof BatchGroupFailure)) throw error;
      // The failing group alone (its report item), the groups around it as batches again.
      return [
        ...(await this.batch(entries.slice(0, error.index), road)),
        ...(await this.aloneAll([entries[error.index]], road)),
        ...(await this.batch(entries.slice(error.index + 1), road)),
      ];
    }
    const items: ReportItem[] = [];
    let written = 0;
    for (const outcome of outcomes) {
      if ('alone' in outcome) {
        items.push(...(await this.aloneAll([outcome.alone], road)));
        continue;
      }
      const { group } = outcome.built.entry;
      const title = String(group.master.params.title ?? '');
      items.push({ action: 'created', line: group.master.line, uid: group.uid, event_id: ids[written++], title, reason: null });
      road.done();
    }
    return items;
  }

  private async aloneAll(entries: readonly NewGroup[], road: { alone: (group: EventGroup) => Promise<ReportItem[]>; done: () => void }) {
    const items: ReportItem[] = [];
    for (const entry of entries) {
      items.push(...(await road.alone(entry.group)));
      road.done();
    }
    return items;
  }

  /**
   * EventsWriteService.create's checks and EventWriter's resolutions for one group, in the batch's
   * transaction (a venue or term it creates is seen by the next group): its rows, or undefined when
   * it must go the per-event road (nothing written for it then).
   */
  private async build(
    entry: NewGroup,
    ctx: InlineWriteContext,
    now: SiteNow,
    road: { origin: ImportOrigin; requestOrigin: string },
    memo: BatchMemo,
  ): Promise<BuiltGroup | undefined> {
    const { caller, clock } = ctx;
    const plan = await this.planner.plan({ caller, origin: road.requestOrigin, credentials: {} }, entry.args, clock);
    const series = this.planner.series(plan, now.ms);
    const post = createdPostColumns(plan, caller, clock.timezone, now);
    const dates = plan.eventDates.dates;
    if (!post || !dates) return undefined;
    const taxonomies: string[] = [];
    const termTaxonomyIds: number[] = [];
    const tally = new NewTermsTally();
    for (const { taxonomy, assignCapability } of EVENT_TAXONOMIES) {
      const items = plan.terms.get(taxonomy);
      if (items === undefined || !this.terms.canAssign(caller, assignCapability)) continue;
      for (const item of items) {
        const key = `${taxonomy}\u0000${item}`;
        if (!memo.terms.has(key)) memo.terms.set(key, (await this.terms.resolve(taxonomy, [item], tally))[0]);
        const id = memo.terms.get(key);
        if (id !== undefined && !termTaxonomyIds.includes(id)) termTaxonomyIds.push(id);
      }
      taxonomies.push(taxonomy);
    }
    const venue = await this.linked(plan.venue, memo, 'venue', () => this.venues.applyForEvent(plan.venue, ctx));
    const organizers = await this.linked(plan.organizer, memo, 'organizer', () => this.organizers.applyForEvent(plan.organizer, ctx));
    const ownMeta = createdMetaRows(plan, { venue, organizers, taxonomies }, now);
    // Then SeriesWriter.create's rule and the import's keys (EventImporter.remember), as the per-event road adds them.
    const meta = ownMeta.map(([key, value]): [string, string] => [key, key === EVENT_ORIGIN_META_KEY ? EVENT_AGGREGATOR_ORIGIN : value]);
    if (series) {
      meta.push([RECURRENCE_META_KEY, serializeRecurrence(series.rule)]);
      const horizon = planHorizonUtc(series);
      if (horizon) meta.push([HORIZON_META_KEY, horizon]);
    }
    for (const [key, value] of rememberedMeta(entry.group, road.origin, entry.hash)) if (key !== EVENT_ORIGIN_META_KEY) meta.push([key, maybeSerialize(value)]);
    return { entry, rows: { post, meta, termTaxonomyIds, dates }, ownMeta, series };
  }

  /** The records an inline venue or organizer plan links: applied once per batch for plans alike (BatchMemo). */
  private async linked(plan: LinkPlan, memo: BatchMemo, type: string, apply: () => Promise<number[] | undefined>): Promise<number[] | undefined> {
    if (plan.kind !== 'link' || !plan.items.every((item) => 'inline' in item)) return apply();
    const key = `${type}\u0000${JSON.stringify(plan)}`;
    if (!memo.links.has(key)) memo.links.set(key, await apply());
    return memo.links.get(key);
  }

  /**
   * The batch's first events, then every series' later occurrences (SeriesWriter.create's rows), in
   * multi-row statements; noted for the change feed as the per-event road notes them; term counts
   * and TEC's known range refreshed once. Returns the first events' IDs.
   */
  private async write(built: readonly BuiltGroup[], links: InlineWriteContext['links'], now: SiteNow): Promise<number[]> {
    if (!built.length) return [];
    const writer = new EventBatchWriter(this.db, this.posts, links, await this.tec.exist());
    const ids = await writer.write(
      built.map((b) => b.rows),
      now.gmt,
    );
    for (const id of ids) noteWrite({ kind: 'post', id, action: 'created', postType: EVENT_POST_TYPE });
    const heads = built.flatMap((b, i) => (b.series ? [{ b, id: ids[i] }] : []));
    const parents = await this.posts.byIds(heads.map((h) => h.id));
    const occurrences = heads.map(({ b, id }) => {
      const parent = parents.get(id)!;
      const meta: PostMeta = new Map();
      for (const [key, value] of b.ownMeta) meta.set(key, [...(meta.get(key) ?? []), value]);
      // SeriesWriter.baseSlug: the series' slug (its title's for a post without one).
      const base = parent.post_name.replace(/__trashed$/, '') || sanitizeTitle(parent.post_title);
      return occurrenceRows({ parent, meta, termTaxonomyIds: b.rows.termTaxonomyIds }, b.series!.rule, laterOccurrences(b.series!), base, now);
    });
    const occurrenceIds = await writer.write(occurrences.flat(), now.gmt);
    let next = 0;
    heads.forEach(({ id }, i) => {
      noteSeriesOccurrences(id, 'created', occurrenceIds.slice(next, next + occurrences[i].length));
      next += occurrences[i].length;
    });
    await this.termsStore.recount(built.flatMap((b) => b.rows.termTaxonomyIds));
    await this.knownRange.refresh();
    return ids;
  }
}
