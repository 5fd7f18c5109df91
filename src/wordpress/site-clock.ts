import { Injectable } from '@nestjs/common';
import { modificationDates, siteTimezone, zoneOffsetAt, zoneOrFallback } from '../dates';
import { OptionsStore } from './options.store';

/** `YYYY-MM-DD HH:MM:SS`, the format of every WordPress date column. */
export type WpDateTime = string;

/** "Now" as WordPress records it: site wall time, UTC wall time and Unix times. */
export interface SiteNow {
  ms: number;
  local: WpDateTime;
  gmt: WpDateTime;
  unix: number;
  /** PHP `current_time('timestamp')`: Unix time shifted by the site offset (TEC bookkeeping uses it). */
  localUnix: number;
}

/** The site's time zone (formats.md §1.2) and clock. */
export class SiteClock {
  constructor(
    /** Site zone string: `timezone_string`, else `UTC±N` from `gmt_offset`. */
    readonly timezone: string,
    private readonly nowMs: () => number = Date.now,
  ) {}

  now(): SiteNow {
    const ms = this.nowMs();
    const { post_modified, post_modified_gmt } = modificationDates(this.timezone, ms);
    const unix = Math.floor(ms / 1000);
    return { ms, local: post_modified, gmt: post_modified_gmt, unix, localUnix: unix + zoneOffsetAt(zoneOrFallback(this.timezone), ms) };
  }
}

/** The site's clock, read from the WordPress options on every call (no caching layer, storage.md §15). */
@Injectable()
export class SiteClockService {
  constructor(private readonly options: OptionsStore) {}

  async clock(): Promise<SiteClock> {
    const raw = await this.options.getRaw(['timezone_string', 'gmt_offset']);
    return new SiteClock(siteTimezone({ timezone_string: raw.get('timezone_string'), gmt_offset: raw.get('gmt_offset') }));
  }
}
