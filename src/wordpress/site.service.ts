import { Injectable } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { OptionsStore } from './options.store';
import { maybeUnserialize } from './php-serialization';

/** Site-wide facts derived from configuration and the WordPress options. */
@Injectable()
export class SiteService {
  constructor(
    private readonly options: OptionsStore,
    private readonly config: AppConfig,
  ) {}

  /**
   * PUBLIC_BASE of the contract: SITE_URL when configured (the service's own public address), else the
   * WordPress `home` option, else the origin the request came to.
   */
  async publicBase(requestOrigin: string): Promise<string> {
    if (this.config.siteUrl) return this.config.siteUrl;
    const home = await this.options.get<string>('home');
    return typeof home === 'string' && home ? home.replace(/\/+$/, '') : requestOrigin;
  }

  /**
   * Default `per_page` of every list (lists-and-filters.md §1.1): TEC's own `posts_per_page` setting,
   * else the WordPress option, else 20. Non-positive or non-numeric values are skipped.
   */
  async defaultPerPage(): Promise<number> {
    const raw = await this.options.getRaw(['tribe_events_calendar_options', 'posts_per_page']);
    const tribe = maybeUnserialize(raw.get('tribe_events_calendar_options'));
    const candidates = [tribe && typeof tribe === 'object' ? (tribe as Record<string, unknown>).posts_per_page : undefined, raw.get('posts_per_page')];
    for (const value of candidates) {
      const n = typeof value === 'number' ? value : typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : NaN;
      if (Number.isInteger(n) && n > 0) return n;
    }
    return 20;
  }

  /** `{PUBLIC_BASE}{REST_ROOT}/{NS_ROOT}/events/v1` — never with the language prefix. */
  async restBase(requestOrigin: string): Promise<string> {
    return `${await this.publicBase(requestOrigin)}${this.config.restRoot}${this.config.namespacePath}`;
  }
}
