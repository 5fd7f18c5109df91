import { Injectable, Logger } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { DatabaseService } from '../database/database.service';
import { requestScope } from '../database/request-scope';
import { localizedValue, originLocalizer, ReadModel } from '../read-model';
import { DataFreshness } from './data-freshness';
import { dependOn, dependOnEverything } from './dependencies';
import type { Dependencies } from './freshness';
import { LoadsUnderWay } from './loads-under-way';
import { RequestDataVersion } from './request-data-version';
import type { VersionRead } from '../wordpress/shared-generation';

/** Memory for the representations of all kinds together (the estimate of each entry is its JSON size). */
const MAX_BYTES = 32 * 1024 * 1024;

/** Where `RecordCache.many` keeps values in the read model. */
export interface DurableValues<K, T> {
  /** The read model's kind (ReadModel.kind). */
  kind: string;
  /**
   * For values whose links follow the request's host: rows hold them rendered for ORIGIN_PLACEHOLDER
   * (`load` renders them so), and each request gets them for its own `origin`.
   */
  placeholder?: { load: (missing: K[]) => Promise<Map<K, T>>; origin: string };
}

interface Entry {
  generation: number;
  dependencies: Dependencies;
  value: unknown;
  size: number;
}

/**
 * Caller-independent values of single records (an event's rendered representation, a venue's loaded
 * record, …), shared by every request that reads them while nothing they show changed
 * (RequestDataVersion: the response cache's staleness rule; a write retires only the values that show
 * what it touched). What depends on the caller — visibility, password blanking, `json_ld`, `context` —
 * is applied on top by the code that asks. Values must not be modified by their users: they are
 * handed to every request that reads them.
 */
@Injectable()
export class RecordCache {
  private readonly entries?: LRUCache<string, Entry>;
  /** Loads under way, by entry ID. */
  private readonly loading = new LoadsUnderWay<Entry>();
  private readonly logger = new Logger('ReadModel');

  constructor(
    private readonly versions: RequestDataVersion,
    private readonly readModel: ReadModel,
    private readonly freshness: DataFreshness,
    private readonly db: DatabaseService,
  ) {
    if (versions.ttlMs > 0) {
      this.entries = new LRUCache<string, Entry>({ maxSize: MAX_BYTES, ttl: versions.ttlMs, sizeCalculation: (entry) => entry.size });
    }
  }

  /** Whether values are shared at all (RESPONSE_CACHE_TTL_SECONDS > 0). */
  get sharing(): boolean {
    return this.entries !== undefined;
  }

  /**
   * The values of `keys` (`kind` names their family), from the cache where still valid, the others
   * from `load` (called only with the missing keys, after the version was read) and kept. `size`
   * estimates a value's bytes; `shows` names the cache keys a value (or a key `load` found nothing
   * for) shows — without it a value shows anything. What the values show is added to the request's
   * answer (dependencies.ts). Without a shareable version everything is loaded.
   * `durable`: where values of numeric keys are also kept, in the read model: what memory misses is
   * read from there first, and what is loaded is kept there. `declared` false: the answer does not
   * show the values as they are (term counts it holds as places put in at replay: TermCounts).
   */
  async many<K extends string | number, T>(
    kind: string,
    keys: readonly K[],
    load: (missing: K[]) => Promise<Map<K, T>>,
    size: (value: T) => number,
    shows?: (key: K, value: T | undefined) => Iterable<string>,
    durable?: DurableValues<K, T>,
    declared = true,
  ): Promise<Map<K, T>> {
    const unique = [...new Set(keys)];
    const road = durable && shows && this.readModel.enabled ? (missing: K[]) => this.fromReadModel(durable, missing, load, shows) : load;
    const found = await this.lookUp(kind, unique, road, size, shows);
    if (!declared) return found;
    if (!shows) dependOnEverything();
    else for (const key of unique) dependOn(shows(key, found.get(key)));
    return found;
  }

  private async lookUp<K extends string | number, T>(
    kind: string,
    keys: K[],
    load: (missing: K[]) => Promise<Map<K, T>>,
    size: (value: T) => number,
    shows?: (key: K, value: T | undefined) => Iterable<string>,
  ): Promise<Map<K, T>> {
    const read = this.entries && keys.length ? await this.versions.current() : undefined;
    if (!this.entries || !read) return load(keys);
    const found = new Map<K, T>();
    const missing: K[] = [];
    const awaited: Array<[K, Promise<Entry | undefined>]> = [];
    for (const key of keys) {
      const id = entryId(kind, key);
      const entry = this.current(this.entries.get(id));
      const underWay = entry ? undefined : this.loading.get(id);
      if (entry) found.set(key, entry.value as T);
      else if (underWay) awaited.push([key, underWay]);
      else missing.push(key);
    }
    if (missing.length) {
      const loading = this.loadAndKeep(kind, missing, load, size, read, shows);
      for (const key of missing)
        this.loading.share(
          entryId(kind, key),
          loading.then(({ kept }) => kept.get(key)),
        );
      for (const [key, value] of (await loading).loaded) found.set(key, value);
    }
    // Another request's load under way: its value is used as a kept one would be (valid for this request's version).
    const late: K[] = [];
    for (const [key, loading] of awaited) {
      const entry = this.current(await loading);
      if (entry) found.set(key, entry.value as T);
      else late.push(key);
    }
    if (late.length) for (const [key, value] of await load(late)) found.set(key, value);
    return found;
  }

  /** The entry, if still valid for this request's version. */
  private current(entry: Entry | undefined): Entry | undefined {
    return entry && this.versions.valid(entry.generation, entry.dependencies) ? entry : undefined;
  }

  /** `missing` loaded, and kept under `read` when that may be shared (`kept`: each key's entry then). */
  private async loadAndKeep<K extends string | number, T>(
    kind: string,
    missing: K[],
    load: (missing: K[]) => Promise<Map<K, T>>,
    size: (value: T) => number,
    read: VersionRead,
    shows?: (key: K, value: T | undefined) => Iterable<string>,
  ): Promise<{ loaded: Map<K, T>; kept: Map<K, Entry> }> {
    const loaded = await load(missing);
    const kept = new Map<K, Entry>();
    if (!this.versions.keepable(read)) return { loaded, kept };
    for (const [key, value] of loaded) {
      const entry: Entry = { generation: read.generation, dependencies: shows && new Set(shows(key, value)), value, size: Math.max(1, size(value)) };
      kept.set(key, entry);
      const id = entryId(kind, key);
      const newer = this.entries!.peek(id);
      // A request that read an older generation never replaces what a newer one kept.
      if (!newer || newer.generation <= read.generation) this.entries!.set(id, entry);
    }
    return { loaded, kept };
  }

  /**
   * The values of numeric keys `missing` behind the read model: the rows of `kind` first (each read once per request), the rest
   * loaded and kept (loadIntoReadModel).
   */
  private async fromReadModel<K extends string | number, T>(
    durable: DurableValues<K, T>,
    missing: readonly K[],
    load: (missing: K[]) => Promise<Map<K, T>>,
    shows: (key: K, value: T | undefined) => Iterable<string>,
  ): Promise<Map<K, T>> {
    if (this.db.sql.inTransaction) return load([...missing]);
    const { kind, placeholder } = durable;
    const localize = placeholder && originLocalizer(placeholder.origin);
    const memo = requestScope.getStore()?.memo;
    const memoKey = (id: K) => `read-model\n${kind}\n${placeholder?.origin ?? ''}\n${id}`;
    const found = new Map<K, T>();
    const unread: number[] = [];
    for (const id of missing) {
      const kept = memo?.get(memoKey(id)) as Promise<T> | undefined;
      if (kept) found.set(id, await kept);
      else unread.push(Number(id));
    }
    for (const [id, value] of await this.readModel.read<T>(kind, unread, localize)) found.set(id as K, value);
    const absent = missing.filter((id) => !found.has(id));
    if (absent.length) {
      const loaded = await this.loadIntoReadModel(kind, absent, placeholder?.load ?? load, shows);
      for (const [id, value] of loaded) found.set(id, localize ? localizedValue(value, localize) : value);
    }
    for (const [id, value] of found) memo?.set(memoKey(id), Promise.resolve(value));
    return found;
  }

  /**
   * `load`, after a look at the data version, and its values kept as rows of `kind` (replacing what they
   * held) while no write touching them committed since. Inside a transaction, or on SQLite when a write
   * transaction ran meanwhile (its uncommitted rows may have been read), nothing is kept.
   */
  async loadIntoReadModel<K extends string | number, T>(
    kind: string,
    ids: readonly K[],
    load: (missing: K[]) => Promise<Map<K, T>>,
    shows: (key: K, value: T | undefined) => Iterable<string>,
    rowOf?: (value: T) => RowOf,
  ): Promise<Map<K, T>> {
    const mark = this.db.sql.inTransaction ? undefined : this.db.committedReadMark();
    // As RequestDataVersion reads it: a replica-routed request looks on its replica, where its data comes from.
    const generation = mark === undefined ? undefined : await (this.db.readsReplica ? this.freshness.syncOwn() : this.freshness.sync());
    const loaded = await load([...ids]);
    if (generation !== undefined && this.db.committedReadMark() === mark) await this.keep(kind, loaded, generation, shows, rowOf);
    return loaded;
  }

  private async keep<K extends string | number, T>(
    kind: string,
    loaded: ReadonlyMap<K, T>,
    generation: number,
    shows: (key: K, value: T | undefined) => Iterable<string>,
    rowOf: (value: T) => RowOf = (value) => ({ value }),
  ): Promise<void> {
    const entries = [...loaded].map(([id, value]) => ({ id: Number(id), ...rowOf(value), keys: [...shows(id, value)] }));
    const keys = new Set(entries.flatMap((entry) => entry.keys));
    try {
      // Asked with every writer held off (ReadModel.fill): has a write that touches these values committed since they were loaded?
      await this.readModel.fill(kind, entries, async () => (await this.freshness.syncOwn()) !== undefined && this.freshness.valid(generation, keys));
    } catch (error) {
      // The answer does not depend on the row: it is filled by a later read.
      this.logger.warn(`read model rows of ${kind} not kept: ${(error as Error).message}`);
    }
  }
}

/** What a row holds of a value: its text's value, and a number beside it (a kept total, ReadModelRow). */
interface RowOf {
  value: unknown;
  total?: number;
}

/** A value's key in memory: its family and its key. */
function entryId(kind: string, key: string | number): string {
  return `${kind}\n${key}`;
}
