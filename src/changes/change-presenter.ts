import type { ChangeRow } from './repository/changes.repository';
import type { ShownAction } from './change-types';

/** A change as the feed and the webhook deliveries show it. */
export interface PresentedChange {
  cursor: number;
  type: string;
  id: number;
  action: ShownAction;
  /** ISO 8601, UTC, millisecond precision. */
  time: string;
  /** A series write (issue #24): the occurrences after the first event it created, updated, trashed or deleted. */
  occurrences?: ChangeRow['occurrences'];
}

export function presentChange(row: ChangeRow, action: ShownAction): PresentedChange {
  const shown: PresentedChange = { cursor: row.cursor, type: row.type, id: row.id, action, time: new Date(row.changedAt).toISOString() };
  return row.occurrences ? { ...shown, occurrences: row.occurrences } : shown;
}
