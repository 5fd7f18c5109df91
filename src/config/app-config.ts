import { Environment, LogLevel } from './environment';

/** Typed, read-only view of the validated environment. The only place that knows variable names. */
export class AppConfig {
  readonly databaseUrl: string;
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

  constructor(env: Environment) {
    this.databaseUrl = env.DATABASE_URL;
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
