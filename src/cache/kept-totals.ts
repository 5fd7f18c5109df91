import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { DatabaseService } from '../database/database.service';
import { narrowedCount, type Members, type MemberCount } from '../database/list-query';
import type { TogetherStatement } from '../database/sql';
import { ReadModel, type RecordRef, type TotalMove } from '../read-model';
import { countsTogether } from './repository/member-counts.repository';
import { transactionMemo } from '../wordpress/transaction-memo';
import { journaledSeries, journaledWrites } from '../wordpress/write-journal';

/** Totals kept by the writes: their slots (ListTotals), and how many of them an instance knows. */
export const KEPT_TOTAL_SLOTS = 256;
/**
 * Counts a write runs before it writes, and totals it moves, at most: a total beyond them is retired
 * instead (a write names every unfiltered list; a site may have many distinct ones read).
 */
export const MAX_COUNTS = 64;
/**
 * Rows of the written posts all counts of one write read together, at most (a series of 1,000
 * occurrences is counted in 16 totals, one event in MAX_COUNTS): the rest are retired instead.
 */
export const MAX_COUNTED_ROWS = 16_000;

/** A list total kept by the writes, as this instance last read its row. */
export interface KnownTotal {
  kind: string;
  id: number;
  /** The row's text: the total is moved only while the row still holds it. */
  body: string;
  /** The list's COUNT, to be narrowed to the written records. */
  member: MemberCount;
  /** The keys the total shows (what its list declared): a write moves it only when it names one. */
  keys: ReadonlySet<string>;
}

/** A known total and how many of its rows the written records were before the write. */
interface Probe {
  total: KnownTotal;
  before: number;
}

/**
 * What a transaction counted before it wrote: its records (one event, or a series' posts: `family`,
 * the posts it held then, by ID) and their counts in the totals.
 */
interface Counted {
  members: Members;
  family?: ReadonlySet<number>;
  probes: Probe[];
}

/** The records whose totals the current transaction counted before it wrote them. */
const countedOf = () => transactionMemo('kept-totals', () => [] as Counted[]);

/**
 * Totals kept by the writes (docs/decisions.md "Totals kept by the writes"): a list total kept as a read
 * model row with its number beside it, which a write of one event, or of one series, moves by its own
 * difference instead of retiring it — so a total that reads thousands of rows (a search, a venue's
 * events in a grown window) is counted once, not after every write. The written records' count in a
 * total is the total's own COUNT narrowed to them (`narrowedCount`: the event by its ID, a series as its
 * first events and their children — exact by construction, no second copy of the filters), run with
 * them locked before the write changes them (`before`, `beforeSeries`) and again in its commit round
 * trip, where the row takes the difference (`moves`). Only the totals that can hold them are counted:
 * those that show a key their lists name (a list filtered by a venue none of them has cannot hold
 * them: 0 before), and only those the write names are moved. A total this instance does not know (read
 * by another instance since), a row another count replaced, a write of posts outside what it counted:
 * retired as any row, counted again by its next read.
 */
@Injectable()
export class KeptTotals {
  private readonly known = new LRUCache<string, KnownTotal>({ max: KEPT_TOTAL_SLOTS });

  constructor(
    private readonly db: DatabaseService,
    private readonly readModel: ReadModel,
  ) {}

  /** A kept total's row as read: writes move it from now on. */
  remember(total: KnownTotal): void {
    this.known.set(`${total.kind}\n${total.id}`, total);
  }

  /**
   * Inside a write transaction, with event `id` locked and before it changes it: how many rows of each
   * known total that can hold it the event is, one statement. `holding`, when known: keys one of which
   * every list that holds the event shows (EventListings.holding); a total showing none of them holds it
   * 0 times. Past MAX_COUNTS such totals, the rest are left out (retired if the write names them).
   */
  async before(id: number, holding?: readonly string[]): Promise<void> {
    await this.count({ members: { id } }, 1, holding);
  }

  /**
   * `before` for the posts `parents` and their children — the series the write changes, `family`
   * their IDs, all locked — with `holding` the keys of the lists that can hold any of them.
   */
  async beforeSeries(parents: readonly number[], family: ReadonlySet<number>, holding: readonly string[]): Promise<void> {
    await this.count({ members: { parents }, family }, family.size, holding);
  }

  /** Event `id`, created by the current transaction (with its series' occurrences: `series`): in none of the totals before. */
  created(id: number, { series = false } = {}): void {
    countedOf()?.push({
      members: series ? { parents: [id] } : { id },
      family: series ? new Set([id]) : undefined,
      probes: [...this.known.values()].map((total) => ({ total, before: 0 })),
    });
  }

  /**
   * At the commit of the current transaction, which names `keys`: the statements that move the totals
   * it counted its records in and names, and their rows (which its retirement leaves). None unless the
   * transaction counted once and wrote only what it counted (terms aside): other posts written may move
   * other events in or out of a total.
   */
  moves(keys: readonly string[]): { statements: TogetherStatement[]; rows: RecordRef[] } {
    const counted = countedOf();
    const none = { statements: [], rows: [] };
    if (counted?.length !== 1 || !writesOnly(counted[0])) return none;
    const [{ members, probes }] = counted;
    const named = new Set(keys);
    const moves = probes
      .filter(({ total }) => [...total.keys].some((key) => named.has(key)))
      .slice(0, MAX_COUNTS)
      .map(({ total, before }): TotalMove => {
        const { kind, id: slot, body, member } = total;
        const count = narrowedCount(member, members);
        return { kind, id: slot, body, before, count: { sql: count.text, params: count.params } };
      });
    return { statements: this.readModel.movedTotals(moves), rows: moves.map(({ kind, id: slot }) => ({ kind, id: slot })) };
  }

  /** The counts of `subject` (`rows` of it at most in each total) in the known totals that can hold it, one statement. */
  private async count(subject: Omit<Counted, 'probes'>, rows: number, holding?: readonly string[]): Promise<void> {
    const counted = countedOf();
    if (!counted) return;
    const named = holding && new Set(holding);
    const totals = [...this.known.values()];
    const candidates = named ? totals.filter((total) => [...total.keys].some((key) => named.has(key))) : totals;
    const measured = candidates.slice(0, Math.min(MAX_COUNTS, Math.floor(MAX_COUNTED_ROWS / Math.max(1, rows))));
    const canHold = new Set(candidates);
    const before = await countsTogether(
      this.db.sql,
      measured.map((total) => {
        const count = narrowedCount(total.member, subject.members);
        return { sql: count.text, params: count.params };
      }),
    );
    const outside = totals.filter((total) => !canHold.has(total));
    counted.push({ ...subject, probes: [...measured.map((total, i) => ({ total, before: before[i] })), ...outside.map((total) => ({ total, before: 0 }))] });
  }
}

/**
 * Whether the transaction's posts are all what it counted: the event alone (no series written), or
 * the series' posts — those it held when counted, and the occurrences its series writes touched, under
 * its own first events only.
 */
function writesOnly({ members, family }: Counted): boolean {
  const series = journaledSeries();
  const posts = journaledWrites().filter((note) => note.kind === 'post');
  if ('id' in members) return !series.size && posts.every((note) => note.id === members.id);
  const inFamily = new Set([...(family ?? []), ...members.parents]);
  for (const [firstId, touch] of series) {
    if (!inFamily.has(firstId)) return false;
    for (const id of Object.values(touch).flat()) inFamily.add(id);
  }
  return posts.every((note) => inFamily.has(note.id));
}
