import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { DatabaseService } from '../database/database.service';
import type { MemberCount } from '../database/list-query';
import type { TogetherStatement } from '../database/sql';
import { ReadModel, type RecordRef, type TotalMove } from '../read-model';
import { countsTogether } from './repository/member-counts.repository';
import { transactionMemo } from '../wordpress/transaction-memo';
import { journaledSeries, journaledWrites } from '../wordpress/write-journal';

/**
 * Kept totals a write moves at most, and the slots they are kept in (ListTotals): each write counts
 * itself in every total this instance knows, twice, so their number is bounded.
 */
export const KEPT_TOTAL_SLOTS = 64;

/** A list total kept by the writes, as this instance last read its row. */
export interface KnownTotal {
  kind: string;
  id: number;
  /** The row's text: the total is moved only while the row still holds it. */
  body: string;
  /** The list's COUNT narrowed to one record. */
  member: MemberCount;
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
 * grown window) is counted once, not after every write. The event write counts the event in each total
 * this instance knows (the total's own COUNT narrowed to the event: `ListQuery.memberStatement`, exact
 * by construction, no second copy of the filters) with the event locked before it changes it (`before`),
 * and again in its commit round trip, where the row takes the difference (`moves`). A total this
 * instance does not know (read by another instance since), a row another count replaced, a write of
 * several posts or of a series: retired as any row, counted again by its next read.
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
   * Inside a write transaction, with event `id` locked and before the write changes it: how many rows
   * of each known total it is, one statement (issued at once: it shares the lock's round trip).
   */
  async before(id: number): Promise<void> {
    const probes = probesOf();
    if (!probes) return;
    const totals = [...this.known.values()];
    probes.set(id, []);
    if (!totals.length) return;
    const before = await countsTogether(
      this.db.sql,
      totals.map((total) => ({ sql: total.member.text, params: memberParams(total.member, id) })),
    );
    probes.set(
      id,
      totals.map((total, i) => ({ total, before: before[i] })),
    );
  }

  /** Event `id`, created by the current transaction: in none of the totals before. */
  created(id: number): void {
    probesOf()?.set(
      id,
      [...this.known.values()].map((total) => ({ total, before: 0 })),
    );
  }

  /**
   * At the commit of the current transaction: the statements that move the totals it counted its event
   * in, and their rows (which its retirement leaves). None unless the transaction wrote that one post
   * alone (terms aside) and no series: other posts written may move other events in or out of a total.
   */
  moves(): { statements: TogetherStatement[]; rows: RecordRef[] } {
    const probes = probesOf();
    const none = { statements: [], rows: [] };
    if (probes?.size !== 1 || journaledSeries().size) return none;
    const [[id, counted]] = probes;
    if (!counted.length || journaledWrites().some((note) => note.kind === 'post' && note.id !== id)) return none;
    const moves = counted.map(({ total, before }): TotalMove => {
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
