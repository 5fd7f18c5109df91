/** What an import did, as stored (`eca_imports`) and shown (`/eca/v1/imports`). */

export type ItemAction = 'created' | 'updated' | 'unchanged' | 'trashed' | 'failed';

/** One VEVENT or row and what became of it. */
export interface ReportItem {
  action: ItemAction;
  /** The line it starts on (for a failure: the line at fault). */
  line: number;
  uid: string | null;
  /** The event written (the first event of a series), null when none. */
  event_id: number | null;
  title: string | null;
  /** Why it failed, or why it was left as it was; null otherwise. */
  reason: string | null;
}

export type ImportCounts = Record<ItemAction, number>;

export interface ImportReport {
  id: number;
  createdBy: number;
  source: { kind: 'body' | 'file' | 'url'; name: string };
  format: 'ical' | 'csv';
  /** `failed`: the source could not be read or is not a calendar. */
  status: 'completed' | 'failed';
  counts: ImportCounts;
  error: string | null;
  /** Absent in lists. */
  items?: ReportItem[];
  startedAt: number;
  finishedAt: number;
}

export function countItems(items: readonly ReportItem[]): ImportCounts {
  const counts: ImportCounts = { created: 0, updated: 0, unchanged: 0, trashed: 0, failed: 0 };
  for (const item of items) counts[item.action]++;
  return counts;
}
