import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { DatabaseService } from '../database/database.service';
import type { MemberCount } from '../database/list-query';
import type { TogetherStatement } from '../database/sql';
import { ReadModel, type RecordRef, type TotalMove } from '../read-model';
import { countsTogether } from './repository/member-counts.repository';
import { transactionMemo } from '../wordpress/transaction-memo';
import { journaledSeries, journaledWrites } from '../wordpress/write-journal';

/** Totals kept by the writes: their slots (ListTotals), and how many of them an instance knows. */
export const KEPT_TOTAL_SLOTS = 256;
/**
 * One-event counts a write runs before it writes, and totals it moves, at most: a total beyond them is
 * retired instead (a write names every unfiltered list; a site may have many distinct ones read).
 */
export const MAX_COUNTS = 64;

/** A list total kept by the writes, as this instance last read its row. */
export interface KnownTotal {
  kind: string;
  id: number;
  /** The row's text: the total is moved only while the row still holds it. */
  body: string;
  /** The list's COUNT narrowed to one record. */
  member: MemberCount;
  /** The keys the total shows (what its list declared): a write moves it only when it names one. */
  keys: ReadonlySet<string>;
}

/** A known total and how many of its rows the written record was before the write. */
interface Probe {
  total: KnownTotal;
  before: number;
}

/** The records whose totals the current transaction counted before it wrote them. */
const probesOf = () => transactionMemo('kept-totals', () => new Map<number, Probe[]>());

/**
 * Totals kept by the writes (docs/decisions.md "Totals kept by the writes"): a list total kept as a read
 * model row with its number beside it, which a write of one event moves by the event's own difference
 * instead of retiring it — so a total that reads thousands of rows (a search, a venue's events in a
 * grown window) is counted once, not after every write. The event's count in a total is the total's own
 * COUNT narrowed to the event (`ListQuery.memberStatement`: exact by construction, no second copy of the
 * filters), run with the event locked before the write changes it (`before`) and again in its commit
 * round trip, where the row takes the difference (`moves`). Only the totals that can hold the event are
 * counted: those that show a key the event's lists name (a list filtered by a venue the event does not
 * have cannot hold it: 0 before), and only those the write names are moved. A total this instance does
 * not know (read by another instance since), a row another count replaced, a write of several posts or
 * of a series: retired as any row, counted again by its next read.
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
    const probes = probesOf();
    if (!probes) return;
    const named = holding && new Set(holding);
    const totals = [...this.known.values()];
    const candidates = named ? totals.filter((total) => [...total.keys].some((key) => named.has(key))) : totals;
    const counted = candidates.slice(0, MAX_COUNTS);
    const canHold = new Set(candidates);
    const before = await countsTogether(
      this.db.sql,
      counted.map((total) => ({ sql: total.member.text, params: memberParams(total.member, id) })),
    );
    const outside = totals.filter((total) => !canHold.has(total));
    probes.set(id, [...counted.map((total, i) => ({ total, before: before[i] })), ...outside.map((total) => ({ total, before: 0 }))]);
  }

  /** Event `id`, created by the current transaction: in none of the totals before. */
  created(id: number): void {
    probesOf()?.set(
      id,
      [...this.known.values()].map((total) => ({ total, before: 0 })),
    );
  }

  /**
   * At the commit of the current transaction, which names `keys`: the statements that move the totals
   * it counted its event in and names, and their rows (which its retirement leaves). None unless the
   * transaction wrote that one post alone (terms aside) and no series: other posts written may move
   * other events in or out of a total.
   */
  moves(keys: readonly string[]): { statements: TogetherStatement[]; rows: RecordRef[] } {
    const probes = probesOf();
    const none = { statements: [], rows: [] };
    if (probes?.size !== 1 || journaledSeries().size) return none;
    const [[id, counted]] = probes;
    if (journaledWrites().some((note) => note.kind === 'post' && note.id !== id)) return none;
    const named = new Set(keys);
    const moves = counted
      .filter(({ total }) => [...total.keys].some((key) => named.has(key)))
      .slice(0, MAX_COUNTS)
      .map(({ total, before }): TotalMove => {
        const { kind, id: slot, body, member } = total;
        return { kind, id: slot, body, before, count: { sql: member.text, params: memberParams(member, id) } };
      });
    return { statements: this.readModel.movedTotals(moves), rows: moves.map(({ kind, id: slot }) => ({ kind, id: slot })) };
  }
}

/** The params of a record's count: the list's, then its ID once per naming condition. */
function memberParams(member: MemberCount, id: number): (string | number | null)[] {
  return [...member.params, ...Array.from({ length: member.ids }, () => id)];
}
