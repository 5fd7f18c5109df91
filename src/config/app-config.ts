import { Environment, LogLevel } from './environment';

/** Typed, read-only view of the validated environment. The only place that knows variable names. */
export class AppConfig {
  readonly databaseUrl: string;
  /** Read replicas of the MySQL primary (empty: every query goes to databaseUrl). */
  readonly databaseReplicaUrls: readonly string[];
  /** MySQL connections per pool. */
  readonly databasePoolSize: number;
  /** Longest wait for a connection (MySQL) or the write lock (SQLite) before a 503. */
  readonly databasePoolWaitMs: number;
  readonly tablePrefix: string;
  /** Configured public origin (no trailing slash); undefined → the WordPress `home` option decides. */
  readonly siteUrl?: string;
  readonly restRoot: string;
  readonly nsRoot: string;
  readonly port: number;
  readonly host: string;
  readonly adminUser?: string;
  readonly adminPassword?: string;
  readonly maxPerPage: number;
  readonly logLevel: LogLevel;
  /** 0 = no login throttle. */
  readonly loginMaxFailures: number;
  readonly loginFailureWindowSeconds: number;
  /** 0 = verified credentials are not remembered (src/auth/credential-cache.service.ts). */
  readonly authCacheSeconds: number;
  /** `*`, or the allowed origins (empty: CORS off). */
  readonly corsOrigins: '*' | readonly string[];
  /** Value for Express's `trust proxy` setting (decides `req.ip`). */
  readonly trustProxy: boolean | number | string;
  readonly shutdownTimeoutMs: number;
  /** 0 = no response cache (src/cache/). */
  readonly responseCacheTtlSeconds: number;
  readonly responseCacheMaxEntries: number;
  /** The read model (src/read-model/): on or off, the longest age of a row in ms (0: no limit), the shortest count worth a row. */
  readonly readModel: { readonly enabled: boolean; readonly maxAgeMs: number; readonly totalMinMs: number };
  /** Where the event list reads dates from (src/events/event-list.query.ts). */
  readonly eventDatesSource: 'occurrences' | 'postmeta';
  /** Webhook deliveries (src/changes/). */
  readonly webhooks: {
    readonly allowPrivateTargets: boolean;
    readonly worker: boolean;
    readonly pollIntervalMs: number;
    readonly timeoutMs: number;
    /** Pause before retry n (ms); attempts = retryDelaysMs.length + 1. */
    readonly retryDelaysMs: readonly number[];
    readonly disableAfterFailures: number;
    readonly disableAfterMs: number;
  };
  /** The site's pages and their iCalendar feeds are served (src/site/). */
  readonly sitePages: boolean;
  /** This instance extends endless recurring series in the background (src/events/series/series-horizon.job.ts). */
  readonly seriesHorizonWorker: boolean;
  /** This instance re-imports subscribed feeds in the background (src/import/feeds/import-feeds.worker.ts), polling every `pollIntervalMs`. */
  readonly importFeeds: { readonly worker: boolean; readonly pollIntervalMs: number };

  constructor(env: Environment) {
    this.databaseUrl = env.DATABASE_URL;
    this.databaseReplicaUrls = Object.freeze(
      env.DATABASE_REPLICA_URLS.split(',')
        .map((u) => u.trim())
        .filter(Boolean),
    );
    this.databasePoolSize = env.DATABASE_POOL_SIZE;
    this.databasePoolWaitMs = env.DATABASE_POOL_WAIT_MS;
    this.tablePrefix = env.TABLE_PREFIX;
    this.siteUrl = env.SITE_URL?.replace(/\/+$/, '');
    this.restRoot = env.REST_ROOT;
    this.nsRoot = env.NS_ROOT;
    this.port = env.PORT;
    this.host = env.HOST;
    this.adminUser = env.ADMIN_USER;
    this.adminPassword = env.ADMIN_PASSWORD;
    this.maxPerPage = env.MAX_PER_PAGE;
    this.logLevel = env.LOG_LEVEL;
    this.loginMaxFailures = env.LOGIN_MAX_FAILURES;
    this.loginFailureWindowSeconds = env.LOGIN_FAILURE_WINDOW_SECONDS;
    this.authCacheSeconds = env.AUTH_CACHE_SECONDS;
    this.corsOrigins =
      env.CORS_ORIGINS === '*'
        ? '*'
        : Object.freeze(
            env.CORS_ORIGINS.split(',')
              .map((o) => o.trim())
              .filter(Boolean),
          );
    this.trustProxy = parseTrustProxy(env.TRUST_PROXY);
    this.shutdownTimeoutMs = env.SHUTDOWN_TIMEOUT_MS;
    this.responseCacheTtlSeconds = env.RESPONSE_CACHE_TTL_SECONDS;
    this.responseCacheMaxEntries = env.RESPONSE_CACHE_MAX_ENTRIES;
    this.readModel = Object.freeze({ enabled: env.READ_MODEL, maxAgeMs: env.READ_MODEL_MAX_AGE_SECONDS * 1000, totalMinMs: env.READ_MODEL_TOTAL_MIN_MS });
    this.eventDatesSource = env.EVENT_DATES_SOURCE;
    this.webhooks = Object.freeze({
      allowPrivateTargets: env.WEBHOOKS_ALLOW_PRIVATE_TARGETS,
      worker: env.WEBHOOKS_WORKER,
      pollIntervalMs: env.WEBHOOKS_POLL_INTERVAL_MS,
      timeoutMs: env.WEBHOOKS_TIMEOUT_MS,
      retryDelaysMs: Object.freeze(env.WEBHOOKS_RETRY_DELAYS.split(',').map((s) => Number(s.trim()) * 1000)),
      disableAfterFailures: env.WEBHOOKS_DISABLE_AFTER_FAILURES,
      disableAfterMs: env.WEBHOOKS_DISABLE_AFTER_HOURS * 3600_000,
    });
    this.sitePages = env.SITE_PAGES === 'true';
    this.seriesHorizonWorker = env.SERIES_HORIZON_WORKER;
    this.importFeeds = Object.freeze({ worker: env.IMPORT_FEEDS_WORKER, pollIntervalMs: env.IMPORT_FEEDS_POLL_INTERVAL_MS });
    Object.freeze(this);
  }

  get isSqlite(): boolean {
    return this.databaseUrl.startsWith('sqlite:');
  }

  /** Namespace path under the REST root, e.g. `/tribe/events/v1`. */
  get namespacePath(): string {
    return `/${this.nsRoot}/events/v1`;
  }
}

function parseTrustProxy(value: string): boolean | number | string {
  if (value === 'true' || value === 'false') return value === 'true';
  return /^\d+$/.test(value) ? Number(value) : value;
}
