import { Environment, LogLevel } from './environment';

/** Typed, read-only view of the validated environment. The only place that knows variable names. */
export class AppConfig {
  readonly databaseUrl: string;
  /** Read replicas of the MySQL primary (empty: every query goes to databaseUrl). */
  readonly databaseReplicaUrls: readonly string[];
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
  /** `*`, or the allowed origins (empty: CORS off). */
  readonly corsOrigins: '*' | readonly string[];
  /** Value for Express's `trust proxy` setting (decides `req.ip`). */
  readonly trustProxy: boolean | number | string;
  readonly shutdownTimeoutMs: number;
  /** 0 = no response cache (src/cache/). */
  readonly responseCacheTtlSeconds: number;
  readonly responseCacheMaxEntries: number;
  /** Where the event list reads dates from (src/events/event-list.query.ts). */
  readonly eventDatesSource: 'occurrences' | 'postmeta';

  constructor(env: Environment) {
    this.databaseUrl = env.DATABASE_URL;
    this.databaseReplicaUrls = Object.freeze(env.DATABASE_REPLICA_URLS.split(',').map((u) => u.trim()).filter(Boolean));
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
    this.corsOrigins = env.CORS_ORIGINS === '*' ? '*' : Object.freeze(env.CORS_ORIGINS.split(',').map((o) => o.trim()).filter(Boolean));
    this.trustProxy = parseTrustProxy(env.TRUST_PROXY);
    this.shutdownTimeoutMs = env.SHUTDOWN_TIMEOUT_MS;
    this.responseCacheTtlSeconds = env.RESPONSE_CACHE_TTL_SECONDS;
    this.responseCacheMaxEntries = env.RESPONSE_CACHE_MAX_ENTRIES;
    this.eventDatesSource = env.EVENT_DATES_SOURCE;
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
