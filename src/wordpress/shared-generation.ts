/** The generation a request read before the data it files under it (request-scope.ts `dataVersion`). */
export interface VersionRead {
  generation: number;
  /** SQLite: the committed-read mark taken before the version (DatabaseService.committedReadMark). */
  mark: number;
}

/**
 * The generation under which a store may share values across requests (OptionsStore's settings). The
 * cache layer implements it (RequestDataVersion, provided under this token by RecordCacheModule): it is
 * declared here so that the stores, below the cache, never import it.
 */
export abstract class SharedGeneration {
  /** How long a value read under a version may be used (ms); 0: nothing is shared. */
  abstract readonly ttlMs: number;
  /** The request's version, or undefined when values may not be shared here. */
  abstract current(): Promise<VersionRead | undefined>;
  /** Whether what was read under `read` may be shared. */
  abstract keepable(read: VersionRead): boolean;
  /** Whether a value read at `generation` that shows `dependencies` (record keys) is still current. */
  abstract valid(generation: number, dependencies: ReadonlySet<string> | undefined): boolean;
}
