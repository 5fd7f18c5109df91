import { Injectable } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { HOME_FOLLOWS_REQUEST, OptionsStore } from './options.store';
import { sharedUnserialize } from './php-serialization';

/** Site-wide facts derived from configuration and the WordPress options. */
@Injectable()
export class SiteService {
  /** The last default per_page, by the raw option values it came from. */
  private perPage?: { key: string; value: number };

  constructor(
    private readonly options: OptionsStore,
    private readonly config: AppConfig,
  ) {}

  /**
   * PUBLIC_BASE of the contract: SITE_URL when configured (the service's own public address), else the
   * WordPress `home` option — unless the service seeded it itself without SITE_URL (a standalone
   * install: HOME_FOLLOWS_REQUEST) —, else the origin the request came to.
   */
  async publicBase(requestOrigin: string): Promise<string> {
    return (await this.fixedPublicBase()) ?? requestOrigin;
  }

  /** PUBLIC_BASE when it does not follow the request (SITE_URL, else `home`), else undefined. */
  async fixedPublicBase(): Promise<string | undefined> {
    if (this.config.siteUrl) return this.config.siteUrl;
    const raw = await this.options.getRaw(['home', HOME_FOLLOWS_REQUEST]);
    const home = sharedUnserialize(raw.get('home'));
    if (raw.get(HOME_FOLLOWS_REQUEST) === '1' || typeof home !== 'string' || !home) return undefined;
    return home.replace(/\/+$/, '');
  }

  /**
   * Default `per_page` of every list (lists-and-filters.md §1.1): TEC's own `posts_per_page` setting,
   * else the WordPress option, else 20. Non-positive or non-numeric values are skipped.
   */
  async defaultPerPage(): Promise<number> {
    const raw = await this.options.getRaw(['tribe_events_calendar_options', 'posts_per_page']);
    const key = `${raw.get('tribe_events_calendar_options')}\n${raw.get('posts_per_page')}`;
    if (this.perPage?.key !== key) this.perPage = { key, value: perPageOf(raw) };
    return this.perPage.value;
  }

  /** `{PUBLIC_BASE}{REST_ROOT}/{NS_ROOT}/events/v1` — never with the language prefix. */
  async restBase(requestOrigin: string): Promise<string> {
    return `${await this.publicBase(requestOrigin)}${this.config.restRoot}${this.config.namespacePath}`;
  }
}

/** defaultPerPage from the raw option values (TEC's serialized options are parsed once per change). */
function perPageOf(raw: ReadonlyMap<string, string>): number {
  const tribe = sharedUnserialize(raw.get('tribe_events_calendar_options'));
  const candidates = [tribe && typeof tribe === 'object' ? (tribe as Record<string, unknown>).posts_per_page : undefined, raw.get('posts_per_page')];
  for (const value of candidates) {
    const n = typeof value === 'number' ? value : typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : NaN;
    if (Number.isInteger(n) && n > 0) return n;
  }
  return 20;
}
