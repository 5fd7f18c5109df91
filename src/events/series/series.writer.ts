import { Injectable } from '@nestjs/common';
import { DatabaseService } from '../../database/database.service';
import { formatUtc } from '../../dates';
import { Occurrence, readStoredRecurrence, RECURRENCE_META_KEY, RecurrenceInput, RecurrenceRule, serializeRecurrence, SeriesTiming } from '../../recurrence';
import { RestError } from '../../reasons/rest-error';
import { PostLinks } from '../../wordpress/permalinks';
import { PostMeta, PostRow, PostsStore } from '../../wordpress/posts.store';
import { SiteNow } from '../../wordpress/site-clock';
import { sanitizeTitle } from '../../wordpress/slugs';
import { TermsStore } from '../../wordpress/terms.store';
import { EventBatchWriter } from '../repository/event-batch-writer';
import { KnownRange } from '../repository/known-range';
import { OccurrencePost, SeriesRepository } from '../repository/series.repository';
import { TecTables } from '../repository/tec-tables';
import { EVENT_TAXONOMIES } from '../write/event-terms';
import { EXCEPTION_META_KEY, HORIZON_META_KEY, occurrenceRows, SeriesSource, sharedColumns } from './occurrence-rows';
import { laterOccurrences, planHorizonUtc, planSeries, SeriesPlan, storedTiming } from './series-plan';
import { noteSeriesOccurrences } from '../../wordpress/write-journal';

/** The day of a start and its rank among that day's starts: how a rule change tells which occurrences survive. */
function dayKeys(starts: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return starts.map((start) => {
    const day = start.slice(0, 10);
    const rank = (seen.get(day) ?? 0) + 1;
    seen.set(day, rank);
    return `${day}#${rank}`;
  });
}

/** `20270105T095959Z`: the UNTIL of a series cut just before an occurrence. */
function untilBefore(startUtc: string): string {
  const ms = Date.parse(`${startUtc.replace(' ', 'T')}Z`) - 1000;
  return formatUtc(ms).replace(/[-:]/g, '').replace(' ', 'T') + 'Z';
}

/** The RRULE text with COUNT and UNTIL replaced. */
function withBound(rrule: string, bound: string): string {
  const parts = rrule.split(';').filter((part) => part && !/^(COUNT|UNTIL)=/i.test(part));
  return [...parts, bound].join(';');
}

/**
 * The writes of a series (docs/recurring-events.md "The model"): the first event is written by
 * EventWriter; its later occurrences are its children, written here with multi-row statements, and
 * kept in line with it when the whole series changes. Runs inside the request's transaction.
 */
@Injectable()
export class SeriesWriter {
  constructor(
    private readonly db: DatabaseService,
    private readonly posts: PostsStore,
    private readonly terms: TermsStore,
    private readonly tec: TecTables,
    private readonly knownRange: KnownRange,
    private readonly repository: SeriesRepository,
  ) {}

  /** The first event of the series the post belongs to, or undefined when it belongs to none. */
  async seriesOf(post: PostRow, meta: PostMeta): Promise<number | undefined> {
    if (meta.has(RECURRENCE_META_KEY)) return post.ID;
    if (post.post_parent <= 0) return undefined;
    return (await this.posts.metaOf(post.post_parent, [RECURRENCE_META_KEY])).has(RECURRENCE_META_KEY) ? post.post_parent : undefined;
  }

  /** After the first event is written: the rule on it, every later occurrence a child of it. */
  async create(firstId: number, plan: SeriesPlan, links: PostLinks, now: SiteNow): Promise<void> {
    await this.storeRule(firstId, plan);
    const later = laterOccurrences(plan);
    await this.addOccurrences(firstId, await this.source(firstId), plan.rule, later, links, now);
  }

  /**
   * The whole series brought in line with its first event as now stored and with `input` (the stored
   * rule when undefined): occurrences whose day survives keep their post and ID and are rewritten from
   * the first event, exceptions stay as they are, new days get posts, vanished ones go to the trash.
   * A rule the first event's dates do not fit is a 400 on `recurrence` (the transaction rolls back).
   */
  async sync(firstId: number, input: unknown, links: PostLinks, now: SiteNow): Promise<void> {
    const source = await this.source(firstId);
    const plan = this.plan(input ?? this.storedRule(source.meta), storedTiming(source.meta), now);
    await this.storeRule(firstId, plan);
    const later = laterOccurrences(plan);
    const children = (await this.repository.children(firstId)).filter((c) => c.status !== 'trash');
    const exceptions = await this.exceptionStarts(children);
    // An exception is matched by the start it had before it was changed alone.
    const originalStart = (c: OccurrencePost) => exceptions.get(c.id) ?? c.start;
    const ordered = [...children].sort((a, b) => (originalStart(a) < originalStart(b) ? -1 : originalStart(a) > originalStart(b) ? 1 : a.id - b.id));
    const existing = new Map(dayKeys(ordered.map(originalStart)).map((key, i) => [key, ordered[i]]));
    const rewrite: { id: number; occurrence: Occurrence }[] = [];
    const added: Occurrence[] = [];
    dayKeys(later.map((o) => o.start)).forEach((key, i) => {
      const child = existing.get(key);
      existing.delete(key);
      if (!child) added.push(later[i]);
      else if (!exceptions.has(child.id)) rewrite.push({ id: child.id, occurrence: later[i] });
    });
    const batch = await this.batch(links);
    const rows = occurrenceRows(
      source,
      plan.rule,
      rewrite.map((r) => r.occurrence),
      '',
      now,
    );
    const ids = rewrite.map((r) => r.id);
    const before = await batch.rewrite(ids, sharedColumns(source.parent, now.local, now.gmt), rows, now.gmt);
    const created = await batch.write(occurrenceRows(source, plan.rule, added, this.baseSlug(source.parent), now), now.gmt);
    const vanished = await this.posts.byIds([...existing.values()].map((c) => c.id));
    for (const post of vanished.values()) await this.posts.trash(post, now);
    noteSeriesOccurrences(firstId, 'updated', ids);
    noteSeriesOccurrences(firstId, 'created', created);
    noteSeriesOccurrences(firstId, 'trashed', [...vanished.keys()]);
    await this.terms.recount([...before, ...source.termTaxonomyIds]);
    await this.terms.recountObjects([...created, ...vanished.keys()]);
    await this.knownRange.refresh();
  }

  /** An occurrence changed alone: marked with the start it had, so later changes of the series keep it. */
  async markException(post: PostRow, meta: PostMeta): Promise<void> {
    if (meta.has(EXCEPTION_META_KEY) || post.post_parent <= 0) return;
    await this.posts.setMeta(post.ID, EXCEPTION_META_KEY, meta.get('_EventStartDate')?.[0] ?? '1');
  }

  /** An occurrence left out of its series (trashed alone): its start becomes an `exdate` of the rule. */
  async exclude(firstId: number, start: string, now: SiteNow): Promise<void> {
    const meta = await this.posts.metaOf(firstId);
    const stored = this.storedRule(meta);
    const plan = this.plan({ ...stored, exdate: [...(stored.exdate ?? []), start] }, storedTiming(meta), now);
    await this.posts.setMeta(firstId, RECURRENCE_META_KEY, serializeRecurrence(plan.rule));
  }

  /**
   * `scope: following` on an occurrence: the series ends just before it (UNTIL), and the occurrence
   * becomes the first event of a new series holding the later ones, with the old rule from there
   * (its COUNT what was left) unless `input` gives a new one. Returns the rule the new series gets.
   */
  async split(firstId: number, occurrence: PostRow, occurrenceMeta: PostMeta, now: SiteNow): Promise<RecurrenceInput> {
    const meta = await this.posts.metaOf(firstId);
    const stored = this.storedRule(meta);
    const start = occurrenceMeta.get('_EventStartDate')![0];
    const startUtc = occurrenceMeta.get('_EventStartDateUTC')![0];
    const later = (await this.repository.children(firstId)).filter((c) => c.status !== 'trash' && c.start > start && c.id !== occurrence.ID);
    // A date-only exdate compares by day.
    const before = (dates: string[] = []) => dates.filter((d) => d < start.slice(0, d.length));
    const from = (dates: string[] = []) => dates.filter((d) => d >= start.slice(0, d.length));
    const old = { rrule: withBound(stored.rrule, `UNTIL=${untilBefore(startUtc)}`), exdate: before(stored.exdate), rdate: before(stored.rdate) };
    const count = /(^|;)COUNT=/i.test(stored.rrule) ? `COUNT=${this.startsFrom(stored, storedTiming(meta), startUtc, now)}` : undefined;
    const rest = { rrule: count ? withBound(stored.rrule, count) : stored.rrule, exdate: from(stored.exdate), rdate: from(stored.rdate) };
    await this.storeRule(firstId, this.plan(old, storedTiming(meta), now));
    await this.repository.reparent(
      later.map((c) => c.id),
      occurrence.ID,
    );
    noteSeriesOccurrences(
      occurrence.ID,
      'updated',
      later.map((c) => c.id),
    );
    await this.posts.update(occurrence.ID, { post_parent: 0 });
    await this.posts.deleteMeta(occurrence.ID, EXCEPTION_META_KEY);
    return rest;
  }

  /**
   * An endless series whose stored horizon is before `dueBefore` (UTC) materialised up to the horizon
   * `now` gives (SeriesHorizonJob), in the caller's transaction: its first event is locked and its
   * horizon read again, so a series another instance has just extended is left alone, and only starts
   * past the old horizon that no occurrence has yet are written. Returns the number of occurrences
   * added, or `capped` when the series has reached MAX_OCCURRENCES (or is no longer endless): it stops
   * being extended.
   */
  async extend(firstId: number, dueBefore: string, links: PostLinks, now: SiteNow): Promise<number | 'capped'> {
    const first = await this.posts.lockedById(firstId);
    if (!first || first.post_status === 'trash') return 0;
    const source = await this.source(firstId);
    const horizon = source.meta.get(HORIZON_META_KEY)?.[0];
    if (!horizon || horizon >= dueBefore) return 0;
    const rule = readStoredRecurrence(source.meta.get(RECURRENCE_META_KEY)?.[0] ?? '');
    const timing = storedTiming(source.meta);
    const plan = rule && timing ? planSeries(rule, timing, now.ms) : 'unreadable';
    if (typeof plan === 'string' || planHorizonUtc(plan) === null) {
      await this.posts.deleteMeta(firstId, HORIZON_META_KEY);
      return 'capped';
    }
    const children = await this.repository.children(firstId);
    const exceptions = await this.exceptionStarts(children);
    const taken = new Set(children.map((c) => exceptions.get(c.id) ?? c.start));
    const added = plan.expansion.occurrences.filter((o) => o.startUtc > horizon && !taken.has(o.start));
    const ids = await this.addOccurrences(firstId, source, plan.rule, added, links, now);
    await this.storeRule(firstId, plan);
    return ids.length;
  }

  /**
   * How many of the rule's own starts (exdates included: they stay excluded in the new series, and
   * COUNT counts them) are at `fromUtc` or later: the COUNT of the series split there (issue #30).
   */
  private startsFrom(stored: RecurrenceInput, timing: SeriesTiming | null, fromUtc: string, now: SiteNow): number {
    const starts = this.plan({ ...stored, exdate: [] }, timing, now).expansion.occurrences.filter((o) => !o.added && o.startUtc >= fromUtc);
    return Math.max(1, starts.length);
  }

  /** The later occurrences of a series (any status), for a delete of the whole series. */
  async children(firstId: number): Promise<number[]> {
    return (await this.repository.children(firstId)).map((c) => c.id);
  }

  /**
   * `occurrences` written as children of the first event (batched inserts), noted for the change log,
   * counted in their terms; the last may move TEC's latest bound (the first event already moved the earliest).
   */
  private async addOccurrences(
    firstId: number,
    source: SeriesSource,
    rule: RecurrenceRule,
    occurrences: readonly Occurrence[],
    links: PostLinks,
    now: SiteNow,
  ) {
    const ids = await (await this.batch(links)).write(occurrenceRows(source, rule, occurrences, this.baseSlug(source.parent), now), now.gmt);
    noteSeriesOccurrences(firstId, 'created', ids);
    await this.terms.recountObjects(ids);
    if (ids.length) await this.knownRange.refresh(ids[ids.length - 1]);
    return ids;
  }

  /** The occurrences among `children` changed alone (exceptions), each with the start it had before. */
  private async exceptionStarts(children: readonly OccurrencePost[]): Promise<Map<number, string>> {
    const meta = await this.posts.meta(
      children.map((c) => c.id),
      [EXCEPTION_META_KEY],
    );
    const starts = new Map<number, string>();
    for (const [id, values] of meta) {
      const start = values.get(EXCEPTION_META_KEY)?.[0];
      if (start !== undefined) starts.set(id, start);
    }
    return starts;
  }

  /** The rule on the first event, and the horizon of an endless one (none for a bounded one). */
  private async storeRule(firstId: number, plan: SeriesPlan): Promise<void> {
    await this.posts.setMeta(firstId, RECURRENCE_META_KEY, serializeRecurrence(plan.rule));
    const horizon = planHorizonUtc(plan);
    if (horizon) await this.posts.setMeta(firstId, HORIZON_META_KEY, horizon);
    else await this.posts.deleteMeta(firstId, HORIZON_META_KEY);
  }

  private plan(input: unknown, timing: SeriesTiming | null, now: SiteNow): SeriesPlan & { rule: RecurrenceRule } {
    if (!timing) throw RestError.invalidParams({ recurrence: 'The first event of the series has no dates.' });
    const plan = planSeries(input, timing, now.ms);
    if (typeof plan === 'string') throw RestError.invalidParams({ recurrence: plan });
    return plan;
  }

  private storedRule(meta: PostMeta): RecurrenceInput {
    const rule = readStoredRecurrence(meta.get(RECURRENCE_META_KEY)?.[0] ?? '');
    if (!rule) throw RestError.invalidParams({ recurrence: 'The series has no rule this service can read.' });
    return rule;
  }

  /** What every occurrence copies: the first event's row, meta and terms. */
  private async source(firstId: number): Promise<SeriesSource> {
    const parent = (await this.posts.byId(firstId))!;
    const meta = await this.posts.metaOf(firstId);
    const terms = await this.terms.termsOfObjects(
      [firstId],
      EVENT_TAXONOMIES.map((t) => t.taxonomy),
    );
    return { parent, meta, termTaxonomyIds: (terms.get(firstId) ?? []).map((t) => t.term_taxonomy_id) };
  }

  /** Occurrence slugs start from the series' slug; a pending or draft series has none yet: its title. */
  private baseSlug(parent: PostRow): string {
    return parent.post_name.replace(/__trashed$/, '') || sanitizeTitle(parent.post_title);
  }

  private async batch(links: PostLinks): Promise<EventBatchWriter> {
    return new EventBatchWriter(this.db, this.posts, links, await this.tec.exist());
  }
}
