import { plainToInstance, Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsOptional, IsString, Matches, Max, Min, validateSync } from 'class-validator';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'log', 'debug', 'verbose'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
const LOG_FORMATS = ['auto', 'json', 'pretty'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

const toInt = ({ value }: { value: unknown }) => (typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : value);
const toBool = ({ value }: { value: unknown }) => (value === 'true' ? true : value === 'false' ? false : value);
const emptyToUndefined = ({ value }: { value: unknown }) => (value === '' ? undefined : value);

/** The shortest password the service takes: ADMIN_PASSWORD's minimum, and the CLI's `--password` (issue #22). */
export const MIN_PASSWORD_LENGTH = 12;

/**
 * Every environment variable the service reads, with its default. Validated once at boot;
 * a bad value stops the process with a message naming the variable.
 */
export class Environment {
  /** `sqlite:<file>` (`sqlite::memory:` for a throwaway database) or `mysql://user:pass@host:port/db`. */
  @IsString()
  @Matches(/^(sqlite:.+|(mysql|mariadb):\/\/[^/]+\/[^/?]+(\?.*)?)$/, {
    message: 'DATABASE_URL must be sqlite:<file> or mysql://user:pass@host:port/database',
  })
  DATABASE_URL = 'sqlite:./data/events.sqlite';

  /**
   * The password of a MySQL DATABASE_URL, given apart and taken as it is (no URL encoding): it wins over
   * the URL's own, so a password holding `@ / # ?` needs no escaping (docker/docker-compose.yml).
   */
  @IsOptional()
  @Transform(emptyToUndefined)
  @IsString()
  DATABASE_PASSWORD?: string;

  /**
   * Read replicas of a MySQL DATABASE_URL: empty, or a comma list of URLs of the same form. Anonymous
   * GET/HEAD requests read from them; everything else uses DATABASE_URL (src/database/replica-router.ts).
   */
  @Matches(/^(|(mysql|mariadb):\/\/[^/\s,]+\/[^/?\s,]+(\?[^\s,]*)?(\s*,\s*(mysql|mariadb):\/\/[^/\s,]+\/[^/?\s,]+(\?[^\s,]*)?)*)$/, {
    message: 'DATABASE_REPLICA_URLS must be empty or a comma list of mysql://user:pass@host:port/database URLs',
  })
  DATABASE_REPLICA_URLS = '';

  /** MySQL: connections of this instance's pool (and of each read replica's pool). */
  @Transform(toInt)
  @IsInt({ message: 'DATABASE_POOL_SIZE must be an integer' })
  @Min(1)
  @Max(1000)
  DATABASE_POOL_SIZE = 10;

  /**
   * Longest time an HTTP request waits, in all, for pooled MySQL connections or for the SQLite file's
   * write lock, before it answers 503 `rest_database_unavailable` with Retry-After
   * (src/database/connection-gate.ts, request-scope.ts): well below common client timeouts (30 s and
   * more), so an overloaded instance answers 503 instead of leaving requests to time out.
   */
  @Transform(toInt)
  @IsInt({ message: 'DATABASE_POOL_WAIT_MS must be an integer' })
  @Min(1)
  @Max(600000)
  DATABASE_POOL_WAIT_MS = 10000;

  @Matches(/^[A-Za-z0-9_]{1,20}$/, { message: 'TABLE_PREFIX must be 1-20 letters, digits or underscores' })
  TABLE_PREFIX = 'wp_';

  /** Public origin (and optional path) of the site; wins over the WordPress `home` option. */
  @IsOptional()
  @Transform(emptyToUndefined)
  @Matches(/^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/, { message: 'SITE_URL must be an http(s) URL such as https://example.org' })
  SITE_URL?: string;

  @Matches(/^(\/[A-Za-z0-9._~-]+)+$/, { message: 'REST_ROOT must be a path such as /wp-json (no trailing slash)' })
  REST_ROOT = '/wp-json';

  @Matches(/^[A-Za-z0-9._~-]+$/, { message: 'NS_ROOT must be a single path segment such as tribe' })
  NS_ROOT = 'tribe';

  @Transform(toInt)
  @IsInt({ message: 'PORT must be an integer' })
  @Min(0)
  @Max(65535)
  PORT = 3000;

  @IsString()
  HOST = '0.0.0.0';

  @IsOptional()
  @Transform(emptyToUndefined)
  @Matches(/^[A-Za-z0-9._@+-]{1,60}$/, { message: 'ADMIN_USER must be a WordPress login (letters, digits, . _ @ + -)' })
  ADMIN_USER?: string;

  /**
   * Becomes an application password of ADMIN_USER; WordPress strips every non-alphanumeric character,
   * so only letters and digits count towards the minimum (spaces are allowed and ignored).
   */
  @IsOptional()
  @Transform(emptyToUndefined)
  @Matches(new RegExp(`^ *(?:[A-Za-z0-9] *){${MIN_PASSWORD_LENGTH},}$`), {
    message: `ADMIN_PASSWORD must be at least ${MIN_PASSWORD_LENGTH} letters or digits (spaces allowed)`,
  })
  ADMIN_PASSWORD?: string;

  @Transform(toInt)
  @IsInt({ message: 'MAX_PER_PAGE must be an integer' })
  @Min(1)
  @Max(1000)
  MAX_PER_PAGE = 50;

  @IsIn(LOG_LEVELS, { message: `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}` })
  LOG_LEVEL: LogLevel = 'log';

  /** `auto`: readable lines when stdout is a terminal, JSON lines otherwise (pipes, containers, files). */
  @IsIn(LOG_FORMATS, { message: `LOG_FORMAT must be one of ${LOG_FORMATS.join(', ')}` })
  LOG_FORMAT: LogFormat = 'auto';

  /** Failed Basic logins one client IP may make per window before it gets 429; 0 turns the throttle off. */
  @Transform(toInt)
  @IsInt({ message: 'LOGIN_MAX_FAILURES must be an integer' })
  @Min(0)
  @Max(100000)
  LOGIN_MAX_FAILURES = 10;

  @Transform(toInt)
  @IsInt({ message: 'LOGIN_FAILURE_WINDOW_SECONDS must be an integer' })
  @Min(1)
  @Max(86400)
  LOGIN_FAILURE_WINDOW_SECONDS = 900;

  /**
   * How long a verified Basic credential is remembered per client (src/auth/credential-cache.service.ts);
   * bounds how long a change made by another instance or WordPress can go unseen. 0 turns it off.
   */
  @Transform(toInt)
  @IsInt({ message: 'AUTH_CACHE_SECONDS must be an integer' })
  @Min(0)
  @Max(3600)
  AUTH_CACHE_SECONDS = 10;

  /** Browser origins allowed to call the API: empty (CORS off), `*`, or a comma list of origins. */
  @Matches(/^(|\*|https?:\/\/[^\s,/]+(\s*,\s*https?:\/\/[^\s,/]+)*)$/, {
    message: 'CORS_ORIGINS must be empty, * or a comma list of origins such as https://app.example.org',
  })
  CORS_ORIGINS = '';

  /** Express `trust proxy`: false, true, a hop count, or a comma list of proxy addresses/subnets. */
  @Matches(/^(false|true|\d{1,2}|[0-9A-Za-z.:/]+(\s*,\s*[0-9A-Za-z.:/]+)*)$/, {
    message: 'TRUST_PROXY must be false, true, a hop count or a comma list of proxy addresses',
  })
  TRUST_PROXY = 'false';

  /**
   * Where `GET /events` reads event dates: `occurrences` (TEC 6's `tec_occurrences` rows, with the
   * service's own date indexes — fast at any size) or `postmeta` (the meta keys only; for a TEC 5 site
   * whose WordPress keeps writing without maintaining the TEC 6 tables).
   */
  @IsIn(['occurrences', 'postmeta'], { message: 'EVENT_DATES_SOURCE must be occurrences or postmeta' })
  EVENT_DATES_SOURCE: 'occurrences' | 'postmeta' = 'occurrences';

  /**
   * Whether the service serves the site's own pages (`/`, `/event/{slug}/`, archives, their `?ical=1`
   * feeds: src/site/). `false` where WordPress keeps serving its pages and only `/wp-json` reaches the service.
   */
  @IsIn(['true', 'false'], { message: 'SITE_PAGES must be true or false' })
  SITE_PAGES: 'true' | 'false' = 'true';

  /** How long a SIGTERM waits for in-flight requests before the process exits anyway (with 1). */
  @Transform(toInt)
  @IsInt({ message: 'SHUTDOWN_TIMEOUT_MS must be an integer' })
  @Min(0)
  @Max(600000)
  SHUTDOWN_TIMEOUT_MS = 10000;

  /**
   * Longest age of an anonymous answer in this instance's response cache (src/cache/); bounds how long
   * a write made by WordPress itself can go unseen. 0 turns the response cache off (ETag/304 stay).
   */
  @Transform(toInt)
  @IsInt({ message: 'RESPONSE_CACHE_TTL_SECONDS must be an integer' })
  @Min(0)
  @Max(86400)
  RESPONSE_CACHE_TTL_SECONDS = 10;

  /**
   * The read model (src/read-model/, docs/caching.md "The read model"): records' rendered values kept in
   * the database, retired in the transaction of every write that touches them. Off: every first answer
   * renders from the WordPress tables, as before it.
   */
  @Transform(toBool)
  @IsBoolean({ message: 'READ_MODEL must be true or false' })
  READ_MODEL = true;

  /**
   * Longest age of a read model row. Writes made by WordPress itself are seen at once with the must-use
   * plugin (wordpress/mu-plugins/eca-journal.php); without it, after at most this long. 0: no limit (no
   * WordPress writes to the database, or the plugin is installed).
   */
  @Transform(toInt)
  @IsInt({ message: 'READ_MODEL_MAX_AGE_SECONDS must be an integer' })
  @Min(0)
  @Max(31536000)
  READ_MODEL_MAX_AGE_SECONDS = 600;

  /**
   * A list's total is kept in the read model only when counting it took at least this long (ms): a
   * cheap count is not worth a row to write after the writes that retire it, a slow one (4–6 ms for
   * the default window of 10,000 events on SQLite, 0.3 s at 200,000 on MariaDB) is. 0 keeps every total.
   * The event lists' totals are kept whatever their count took: event writes move them instead of
   * retiring them (src/cache/kept-totals.ts).
   */
  @Transform(toInt)
  @IsInt({ message: 'READ_MODEL_TOTAL_MIN_MS must be an integer' })
  @Min(0)
  @Max(600000)
  READ_MODEL_TOTAL_MIN_MS = 2;

  /** Most answers the response cache keeps (least recently used go first; 64 MB of bodies at most). */
  @Transform(toInt)
  @IsInt({ message: 'RESPONSE_CACHE_MAX_ENTRIES must be an integer' })
  @Min(1)
  @Max(1000000)
  RESPONSE_CACHE_MAX_ENTRIES = 2000;

  /**
   * Webhook deliveries (src/changes/): whether targets may be loopback, private, link-local or other
   * non-public addresses, and plain `http` URLs. Off: only `https` to public addresses (SSRF guard).
   */
  @Transform(toBool)
  @IsBoolean({ message: 'WEBHOOKS_ALLOW_PRIVATE_TARGETS must be true or false' })
  WEBHOOKS_ALLOW_PRIVATE_TARGETS = false;

  /** Whether this instance runs the background webhook delivery worker. */
  @Transform(toBool)
  @IsBoolean({ message: 'WEBHOOKS_WORKER must be true or false' })
  WEBHOOKS_WORKER = true;

  /** Whether this instance runs the background job that extends endless recurring series (src/events/series/). */
  @Transform(toBool)
  @IsBoolean({ message: 'SERIES_HORIZON_WORKER must be true or false' })
  SERIES_HORIZON_WORKER = true;

  /** Whether this instance runs the background worker that re-imports subscribed feeds (src/import/feeds/). */
  @Transform(toBool)
  @IsBoolean({ message: 'IMPORT_FEEDS_WORKER must be true or false' })
  IMPORT_FEEDS_WORKER = true;

  /** How often the feeds' worker looks for a due feed (ms). */
  @Transform(toInt)
  @IsInt({ message: 'IMPORT_FEEDS_POLL_INTERVAL_MS must be an integer' })
  @Min(100)
  @Max(3600000)
  IMPORT_FEEDS_POLL_INTERVAL_MS = 60000;

  /** How often the delivery worker looks for new changes and due deliveries (ms). */
  @Transform(toInt)
  @IsInt({ message: 'WEBHOOKS_POLL_INTERVAL_MS must be an integer' })
  @Min(10)
  @Max(600000)
  WEBHOOKS_POLL_INTERVAL_MS = 1000;

  /** Longest time one delivery attempt may take, connection to last byte (ms). */
  @Transform(toInt)
  @IsInt({ message: 'WEBHOOKS_TIMEOUT_MS must be an integer' })
  @Min(100)
  @Max(120000)
  WEBHOOKS_TIMEOUT_MS = 10000;

  /** Pauses before each retry of a failed delivery, in seconds; their count + 1 is the number of attempts. */
  @Matches(/^\d{1,6}(\s*,\s*\d{1,6}){0,19}$/, { message: 'WEBHOOKS_RETRY_DELAYS must be a comma list of at most 20 second counts' })
  WEBHOOKS_RETRY_DELAYS = '60,300,1800,7200,21600,43200';

  /** A webhook is disabled after this many failed attempts in a row … */
  @Transform(toInt)
  @IsInt({ message: 'WEBHOOKS_DISABLE_AFTER_FAILURES must be an integer' })
  @Min(1)
  @Max(100000)
  WEBHOOKS_DISABLE_AFTER_FAILURES = 10;

  /** … spanning at least this many hours since its last successful delivery (0: the count alone). */
  @Transform(toInt)
  @IsInt({ message: 'WEBHOOKS_DISABLE_AFTER_HOURS must be an integer' })
  @Min(0)
  @Max(8760)
  WEBHOOKS_DISABLE_AFTER_HOURS = 24;
}

/** Validates raw variables (process.env plus overrides); throws one error naming every bad variable. */
export function validateEnvironment(raw: Record<string, unknown>): Environment {
  const known = Object.keys(new Environment()).concat(['SITE_URL', 'ADMIN_USER', 'ADMIN_PASSWORD', 'DATABASE_PASSWORD']);
  const picked = Object.fromEntries(Object.entries(raw).filter(([k]) => known.includes(k)));
  const env = plainToInstance(Environment, picked, { exposeDefaultValues: true });
  const errors = validateSync(env);
  if (errors.length) {
    const lines = errors.map((e) => `  ${e.property}: ${Object.values(e.constraints ?? {}).join('; ')}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  if ((env.ADMIN_USER === undefined) !== (env.ADMIN_PASSWORD === undefined)) {
    throw new Error('Invalid configuration:\n  ADMIN_USER and ADMIN_PASSWORD must be set together');
  }
  if (env.DATABASE_REPLICA_URLS !== '' && env.DATABASE_URL.startsWith('sqlite:')) {
    throw new Error('Invalid configuration:\n  DATABASE_REPLICA_URLS needs a mysql:// DATABASE_URL (SQLite runs as a single instance)');
  }
  if (env.DATABASE_PASSWORD !== undefined) {
    if (env.DATABASE_URL.startsWith('sqlite:')) throw new Error('Invalid configuration:\n  DATABASE_PASSWORD needs a mysql:// DATABASE_URL');
    env.DATABASE_URL = withPassword(env.DATABASE_URL, env.DATABASE_PASSWORD);
  }
  return env;
}

/** The URL with `password` as its own, percent-encoded (src/database/data-source-options.ts decodes it). */
function withPassword(databaseUrl: string, password: string): string {
  const url = new URL(databaseUrl);
  url.password = encodeURIComponent(password);
  return url.toString();
}
