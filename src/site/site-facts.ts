import { Injectable } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { formatWall, instantToWall, zoneOrFallback } from '../dates';
import { eventSiteSettings } from '../events';
import { OptionsStore } from '../wordpress/options.store';
import { SiteService } from '../wordpress/site.service';

/** What every page and feed of one request shows of the site. */
export interface SiteFacts {
  /** `blogname` and `blogdescription`, as stored (plain text). */
  name: string;
  description: string;
  /** `lang` of the pages (from `WPLANG`, `fr_FR` → `fr-FR`; `en` without one). */
  language: string;
  /** PUBLIC_BASE: SITE_URL, else `home`, else the request origin (no trailing slash). */
  home: string;
  /** `{PUBLIC_BASE}{REST_ROOT}`: the WordPress REST root (index at `{restRoot}/`). */
  restRoot: string;
  /** `{PUBLIC_BASE}{REST_ROOT}/{NS_ROOT}/events/v1`. */
  restBase: string;
  /** Site zone string and TEC's time-zone mode (how feeds write dates). */
  timezone: string;
  timezoneMode?: string;
  /** WordPress's `start_of_week` (0 = Sunday … 6; 1, WordPress's default, when unset): the month grid's first column. */
  startOfWeek: number;
  /** Today's date in the site's zone, `YYYY-MM-DD`. */
  today: string;
}

const OPTIONS = ['blogname', 'blogdescription', 'WPLANG', 'tribe_events_calendar_options', 'timezone_string', 'gmt_offset', 'start_of_week'];

/** Reads the site facts once per request (the options come from the shared, version-checked option reads). */
@Injectable()
export class SiteFactsReader {
  constructor(
    private readonly options: OptionsStore,
    private readonly site: SiteService,
    private readonly config: AppConfig,
  ) {}

  async read(requestOrigin: string): Promise<SiteFacts> {
    const [raw, home] = await Promise.all([this.options.getRaw(OPTIONS), this.site.publicBase(requestOrigin)]);
    const settings = eventSiteSettings(raw);
    const wplang = raw.get('WPLANG') ?? '';
    const startOfWeek = Number(raw.get('start_of_week') ?? 1);
    return {
      name: raw.get('blogname') ?? '',
      description: raw.get('blogdescription') ?? '',
      language: /^[a-z]{2,3}(_[A-Za-z]{2,4})?$/.test(wplang) ? wplang.replace('_', '-') : 'en',
      home,
      restRoot: `${home}${this.config.restRoot}`,
      restBase: `${home}${this.config.restRoot}${this.config.namespacePath}`,
      timezone: settings.timezone,
      timezoneMode: settings.timezoneMode,
      startOfWeek: Number.isInteger(startOfWeek) && startOfWeek >= 0 && startOfWeek <= 6 ? startOfWeek : 1,
      today: formatWall(instantToWall(zoneOrFallback(settings.timezone), Date.now())).slice(0, 10),
    };
  }
}
