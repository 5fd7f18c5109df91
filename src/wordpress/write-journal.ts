import { transactionMemo } from './transaction-memo';

/** What happened to a record in a transaction, as the stores see it. `deleted`: permanently removed. */
export type WriteAction = 'created' | 'updated' | 'trashed' | 'deleted';

/**
 * One record written by the current transaction: a post (`postType` when the store knows it; a
 * permanently deleted post has no row left to read it from) or a term of a taxonomy.
 */
export type WriteNote =
  { kind: 'post'; id: number; action: WriteAction; postType?: string } | { kind: 'term'; id: number; action: WriteAction; taxonomy: string };

/** Which action a record's several notes in one transaction add up to: the highest rank wins. */
const RANK: Record<WriteAction, number> = { updated: 0, created: 1, trashed: 2, deleted: 3 };

const keyOf = (note: WriteNote) => (note.kind === 'post' ? `post:${note.id}` : `term:${note.taxonomy}:${note.id}`);

type Entry = WriteNote & { createdHere: boolean };
const journal = () => transactionMemo('write-journal', () => new Map<string, Entry>());

/**
 * The records the current transaction wrote, noted by the WordPress stores as they write (one call
 * per write) and read by whoever records changes before the commit (DatabaseService.beforeCommit).
 * It lives in the transaction's memo: a rolled-back or retried attempt starts with an empty journal.
 * Several notes of one record become one: `created` then `updated` is `created`; `trashed` or
 * `deleted` win over both; a record created and deleted in the same transaction never existed for
 * anyone outside it and is left out. Outside a transaction, notes are dropped (nothing commits them).
 */
export function noteWrite(note: WriteNote): void {
  const entries = journal();
  if (!entries) return;
  const key = keyOf(note);
  const previous = entries.get(key);
  if (!previous) {
    entries.set(key, { ...note, createdHere: note.action === 'created' });
    return;
  }
  const action = RANK[note.action] > RANK[previous.action] ? note.action : previous.action;
  const postType = note.kind === 'post' && previous.kind === 'post' ? (previous.postType ?? note.postType) : undefined;
  entries.set(key, { ...previous, action, ...(postType ? { postType } : {}), createdHere: previous.createdHere || note.action === 'created' });
}

/** The current transaction's records, one note each, in the order they were first written. */
export function journaledWrites(): WriteNote[] {
  return [...(journal()?.values() ?? [])]
    .filter((note) => !(note.createdHere && note.action === 'deleted'))
    .map(({ createdHere: _, ...note }) => note as WriteNote);
}

const textOnlyJournal = () => transactionMemo('text-only-writes', () => new Set<number>());

/**
 * Declares that the current transaction's writes of post `id` change nothing a list selects, filters
 * or orders its posts by — only what each item shows of it and what a search matches (its title,
 * texts): the write then names `text:<type>` instead of `type:<type>` (written-keys.ts), and the lists
 * that do not show the post keep their answers. Only the service that planned the whole write may say
 * so (an event update of its title, description, cost…).
 */
export function noteTextOnlyWrite(id: number): void {
  textOnlyJournal()?.add(id);
}

/** Whether the current transaction declared its writes of post `id` text only (noteTextOnlyWrite). */
export function isTextOnlyWrite(id: number): boolean {
  return textOnlyJournal()?.has(id) ?? false;
}

const listedJournal = () => transactionMemo('listed-writes', () => new Map<number, Set<string>>());

/**
 * Declares which lists the current transaction's writes of post `id` can change, as the `listed…`
 * keys (CacheKey: `listed`, `listedWith`, `listedDates`, `listedIn`, and `text` for the searches) of
 * what the post had and has (events/repository/event-listings.ts). The write then names these keys
 * instead of `type:<type>` (written-keys.ts): a list filtered by another venue, organizer or term, or
 * ordered by date in months the post did not move across, keeps its answer. Only the service that
 * planned the whole write may say so: for a post in no series, for an occurrence changed alone, whose
 * keys then name its first event's `post:` key too (the answers that carry its series' summary show
 * it), or for a series' posts together (noteListedSeriesWrite).
 */
export function noteListedWrite(id: number, keys: Iterable<string>): void {
  const listed = listedJournal();
  if (!listed) return;
  const known = listed.get(id) ?? new Set<string>();
  for (const key of keys) known.add(key);
  listed.set(id, known);
}

/** The keys the current transaction declared for its writes of post `id` (noteListedWrite), if it did. */
export function listedWriteKeys(id: number): ReadonlySet<string> | undefined {
  return listedJournal()?.get(id);
}

/** What a series write did to its occurrences (the posts after its first event). */
export type SeriesOccurrenceAction = 'created' | 'updated' | 'trashed' | 'deleted';
export type SeriesTouch = Record<SeriesOccurrenceAction, number[]>;

const seriesJournal = () => transactionMemo('series-journal', () => new Map<number, SeriesTouch>());

/**
 * Notes occurrences a series write created, rewrote, trashed or deleted, under the series' first event: the
 * change log shows them on that one record's change instead of one change each (issue #24). An
 * occurrence noted here is left out of the records the transaction changed on its own account.
 */
export function noteSeriesOccurrences(firstId: number, action: SeriesOccurrenceAction, ids: readonly number[]): void {
  const series = seriesJournal();
  if (!series || !ids.length) return;
  const touch = series.get(firstId) ?? { created: [], updated: [], trashed: [], deleted: [] };
  // One occurrence is listed once per action, however many steps of the write touched it (a split, then its sync).
  const listed = new Set(touch[action]);
  touch[action].push(...new Set(ids.filter((id) => !listed.has(id))));
  series.set(firstId, touch);
}

/** The current transaction's series writes: first event → the occurrences touched, by action. */
export function journaledSeries(): ReadonlyMap<number, SeriesTouch> {
  return seriesJournal() ?? new Map();
}

/**
 * noteListedWrite for a write of series: `keys` for the posts `parents` and `family` (the series' posts
 * as the write found them) and every occurrence the transaction's series writes under them touched —
 * the lists of what they had and have, instead of `type:<type>` (a series' summary shows its first
 * event's `post:` key, which the write names).
 */
export function noteListedSeriesWrite(parents: readonly number[], family: Iterable<number>, keys: readonly string[]): void {
  const ids = new Set([...parents, ...family]);
  for (const [firstId, touch] of journaledSeries()) if (ids.has(firstId)) for (const id of Object.values(touch).flat()) ids.add(id);
  for (const id of ids) noteListedWrite(id, keys);
}

/**
 * What cached values may show besides the records noted above, when a write changed it (docs/caching.md
 * "What a write retires"): `tt:<term_taxonomy_id>` and `counts:<taxonomy>` for a term's count (shown in
 * every event of the term), `*` for anything a write cannot name (a site option, a user).
 */
export const EVERYTHING = '*';
const touchJournal = () => transactionMemo('cache-touches', () => new Set<string>());

export function noteTouched(...keys: string[]): void {
  const touched = touchJournal();
  if (touched) for (const key of keys) touched.add(key);
}

/** The current transaction's touched keys (noteTouched). */
export function journaledTouches(): ReadonlySet<string> {
  return touchJournal() ?? new Set();
}
