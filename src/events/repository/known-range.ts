import { DatabaseService } from '../../database/database.service';
import { Injectable } from '@nestjs/common';
import { forUpdate, Sql } from '../../database/sql';
import { CacheKey } from '../../wordpress/cache-keys';
import { OptionsStore } from '../../wordpress/options.store';
import { sharedUnserialize } from '../../wordpress/php-serialization';
import { PostsStore } from '../../wordpress/posts.store';
import { EVENT_POST_TYPE } from '../../wordpress/post-types';

const OPTION = 'tribe_events_calendar_options';
const START = '_EventStartDate';
const END = '_EventEndDate';
/** The stored form of every date this class compares in JavaScript (equal to the SQL collation order). */
const DATE = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
/**
 * Widths in days of the successive index ranges read, from the removed extreme outwards, when an
 * extreme has to be found again; the last range is open-ended.
 */
const PROBE_DAYS = [1, 8, 64, 512, 4096];

interface Bound {
  value: string;
  markers: number[];
}

/** One end of the range: `earliest` is the least start date, `latest` the greatest end date. */
interface Side {
  valueKey: 'earliest_date' | 'latest_date';
  markersKey: 'earliest_date_markers' | 'latest_date_markers';
  metaKey: string;
  /** Whether `a` lies beyond `b` on this side (earlier for earliest, later for latest). */
  beyond: (a: string, b: string) => boolean;
  fn: 'MIN' | 'MAX';
}

const EARLIEST: Side = { valueKey: 'earliest_date', markersKey: 'earliest_date_markers', metaKey: START, beyond: (a, b) => a < b, fn: 'MIN' };
const LATEST: Side = { valueKey: 'latest_date', markersKey: 'latest_date_markers', metaKey: END, beyond: (a, b) => a > b, fn: 'MAX' };

/** ` LOCK IN SHARE MODE` on MySQL (a shared row lock until the transaction ends); SQLite needs none. */
function forShare(sql: Sql): string {
  return sql.isMysql ? ' LOCK IN SHARE MODE' : '';
}

/**
 * TEC's "known range" of its calendar views (storage.md §11, OQ-8): `earliest_date` = the earliest
 * `_EventStartDate` of published events, `latest_date` = the latest `_EventEndDate`, each with the IDs
 * of the events holding that value (`*_markers`). Refreshed after every event write, only when the
 * plugin's option array exists (a site TEC never ran on has nothing to keep in step).
 *
 * After a write of one event the range is kept incrementally: the event's dates are compared with the
 * stored bounds, and a bound is looked for again only when the event was one of its markers and no
 * longer holds it (moved inwards, unpublished, trashed). That search reads the postmeta
 * (meta_key, meta_value) index range by range outwards from the removed extreme, so no write reads
 * every event. The option row is locked (shared when this write leaves it as it is, exclusive when it
 * changes it), so a writer that searches again sees every event committed by writers that compared
 * before it, and a writer that compares after it sees its result.
 */
@Injectable()
export class KnownRange {
  /** The option array as this instance last read it: the next write's guess (refresh), one statement fewer per event write. */
  private lastRead?: Record<string, unknown>;

  constructor(
    private readonly db: DatabaseService,
    private readonly options: OptionsStore,
    private readonly posts: PostsStore,
  ) {}

  /** Statements go to the current transaction, if any (src/database/sql.ts). */
  private get sql(): Sql {
    return this.db.sql;
  }

  /** After a write of `eventId` (incremental); without it, both bounds are computed over every event. */
  async refresh(eventId?: number): Promise<void> {
    const event = eventId === undefined ? undefined : await this.eventDates(eventId);
    // Only a guess at which lock to take: the array read under the lock decides (and a wrong guess
    // costs a lock taken for writing, or a deadlock InnoDB rolls back and the transaction retries).
    const guess = this.lastRead ?? (await this.stored(''));
    if (!guess) return;
    const exclusive = !event || this.changes(guess, event, EARLIEST) || this.changes(guess, event, LATEST);
    let current = await this.stored(exclusive ? forUpdate(this.sql) : forShare(this.sql));
    if (!current) return;
    if (!exclusive && event && (this.changes(current, event, EARLIEST) || this.changes(current, event, LATEST))) {
      // Changed meanwhile by a writer that committed between the two reads: take the row for writing.
      current = (await this.stored(forUpdate(this.sql)))!;
    }
    const earliest = await this.next(current, event, EARLIEST);
    const latest = await this.next(current, event, LATEST);
    if (!earliest?.value || !latest?.value) return;
    // Existing keys keep their place; new ones are appended in the order TEC adds them.
    const next: Record<string, unknown> = {
      ...current,
      latest_date: latest.value,
      earliest_date: earliest.value,
      earliest_date_markers: earliest.markers,
      latest_date_markers: latest.markers,
    };
    // The range is shown by no answer (TEC's views read it; the REST API does not): the write retires
    // the options' memo, not every cached answer and read model row.
    if (JSON.stringify(next) !== JSON.stringify(current)) {
      await this.options.set(OPTION, next, CacheKey.options);
      this.lastRead = next;
    }
  }

  /** The option array (undefined when absent or not an array), read with the given lock clause. */
  private async stored(lock: string): Promise<Record<string, unknown> | undefined> {
    const row = await this.sql.one<{ option_value: string }>(`SELECT option_value FROM ${this.sql.table('options')} WHERE option_name = ?${lock}`, [OPTION]);
    // Kilobytes of PHP serialization read twice per event write: parsed once per distinct value (frozen;
    // `refresh` builds a new array).
    const value = row ? sharedUnserialize(row.option_value) : undefined;
    const array = value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
    this.lastRead = array;
    return array;
  }

  /** The event's ID and, when it is a published event, its start and end values (undefined otherwise). */
  private async eventDates(id: number): Promise<WrittenEvent> {
    // The status this transaction gave the post, when the posts store knows it; else the row.
    const known = this.posts.statusChange(id);
    const post = known ? { post_type: known.type, post_status: known.now } : await this.posts.byId(id);
    const published = post?.post_type === EVENT_POST_TYPE && post.post_status === 'publish';
    const meta = published ? await this.posts.metaOf(id, [START, END]) : new Map<string, string[]>();
    return {
      id,
      values: new Map([
        [START, meta.get(START) ?? []],
        [END, meta.get(END) ?? []],
      ]),
    };
  }

  /** The stored bound when it is well formed (a date and integer markers), else undefined. */
  private storedBound(current: Record<string, unknown>, side: Side): Bound | undefined {
    const value = current[side.valueKey];
    const markers = current[side.markersKey];
    if (typeof value !== 'string' || !DATE.test(value) || !Array.isArray(markers)) return undefined;
    if (!markers.every((m) => typeof m === 'number' && Number.isSafeInteger(m))) return undefined;
    return { value, markers: markers as number[] };
  }

  /**
   * The bound after the write, kept from the stored one and the event's own values; `search` when it
   * must be looked for again: the event was a marker and no longer holds the value, or the bound
   * cannot be kept incrementally (missing, malformed, or an event value in another format).
   */
  private incremental(current: Record<string, unknown>, event: WrittenEvent | undefined, side: Side): { bound: Bound; changed: boolean } | 'search' {
    const bound = this.storedBound(current, side);
    if (!bound || !event) return 'search';
    const values = event.values.get(side.metaKey)!;
    if (!values.every((v) => DATE.test(v))) return 'search';
    const own = values.reduce<string | undefined>((best, v) => (best === undefined || side.beyond(v, best) ? v : best), undefined);
    const wasMarker = bound.markers.includes(event.id);
    if (own !== undefined && side.beyond(own, bound.value)) return { bound: { value: own, markers: [event.id] }, changed: true };
    if (own === bound.value && !wasMarker) {
      return { bound: { value: bound.value, markers: [...bound.markers, event.id].sort((a, b) => a - b) }, changed: true };
    }
    if (own !== bound.value && wasMarker) return 'search';
    return { bound, changed: false };
  }

  /** Whether the write may change this bound (so the option row is taken for writing). */
  private changes(current: Record<string, unknown>, event: WrittenEvent, side: Side): boolean {
    const kept = this.incremental(current, event, side);
    return kept === 'search' || kept.changed;
  }

  private async next(current: Record<string, unknown>, event: WrittenEvent | undefined, side: Side): Promise<Bound | undefined> {
    const kept = this.incremental(current, event, side);
    return kept === 'search' ? this.search(side, this.storedBound(current, side)?.value) : kept.bound;
  }

  /**
   * The bound over every published event: first the values beyond the old bound (normally only
   * unpublished events lie there), then ranges of growing width inwards from it, so only the index
   * entries up to the new bound are read. Without an old bound, one aggregate over all events.
   */
  private async search(side: Side, from: string | undefined): Promise<Bound | undefined> {
    if (from === undefined) return this.extreme(side, '', []);
    // MIN: beyond is `<`, inwards `>=`; MAX: beyond `>`, inwards `<=`.
    const [beyondOp, withinOp] = side.fn === 'MIN' ? ['<', '>='] : ['>', '<='];
    const outside = await this.extreme(side, `AND m.meta_value ${beyondOp} ?`, [from]);
    if (outside) return outside;
    let edge = from;
    for (const days of PROBE_DAYS) {
      const further = shiftDays(from, side.fn === 'MIN' ? days : -days);
      if (further === undefined || !side.beyond(edge, further)) break;
      const found = await this.extreme(side, `AND m.meta_value ${withinOp} ? AND m.meta_value ${beyondOp} ?`, [edge, further]);
      if (found) return found;
      edge = further;
    }
    return this.extreme(side, `AND m.meta_value ${withinOp} ?`, [edge]);
  }

  private async extreme(side: Side, range: string, params: string[]): Promise<Bound | undefined> {
    const from = `FROM ${this.sql.table('postmeta')} m JOIN ${this.sql.table('posts')} p ON p.ID = m.post_id
      WHERE p.post_type = 'tribe_events' AND p.post_status = 'publish' AND m.meta_key = ?`;
    const row = await this.sql.one<{ value: string | null }>(`SELECT ${side.fn}(m.meta_value) AS value ${from} ${range}`, [side.metaKey, ...params]);
    if (row?.value === null || row?.value === undefined) return undefined;
    // An empty value as the bound leaves the option as it is (refresh), as the plain MIN/MAX did.
    if (row.value === '') return { value: '', markers: [] };
    const ids = await this.sql.rows<{ ID: number }>(`SELECT DISTINCT p.ID ${from} AND m.meta_value = ? ORDER BY p.ID`, [side.metaKey, row.value]);
    return { value: row.value, markers: ids.map((r) => Number(r.ID)) };
  }
}

/** The written event's ID and its start/end meta values (none when it is not a published event). */
interface WrittenEvent {
  id: number;
  values: Map<string, string[]>;
}

/**
 * `YYYY-MM-DD HH:MM:SS` moved by whole days (calendar arithmetic in UTC; the value has no zone);
 * undefined when either end is no such date of years 0000–9999.
 */
function shiftDays(value: string, days: number): string | undefined {
  const at = new Date(`${value.replace(' ', 'T')}Z`);
  if (Number.isNaN(at.getTime())) return undefined;
  at.setUTCDate(at.getUTCDate() + days);
  const shifted = Number.isNaN(at.getTime()) ? '' : at.toISOString().slice(0, 19).replace('T', ' ');
  return DATE.test(shifted) ? shifted : undefined;
}
