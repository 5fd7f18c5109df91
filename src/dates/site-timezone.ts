/** The site time zone string (formats.md §1.2; WordPress core + tribe-common `Timezones.php`). */

export interface SiteTimezoneOptions {
  /** WordPress option `timezone_string`. */
  timezone_string?: string | null;
  /** WordPress option `gmt_offset` (hours, may be fractional; stored as a string or number). */
  gmt_offset?: string | number | null;
}

/** `timezone_string` when non-empty, else `UTC+0` / `UTC-5` / `UTC+5.5` from `gmt_offset`. */
export function siteTimezone(options: SiteTimezoneOptions): string {
  if (options.timezone_string) return options.timezone_string;
  const offset = Number(options.gmt_offset ?? 0) || 0;
  if (offset === 0) return 'UTC+0';
  return offset < 0 ? `UTC${offset}` : `UTC+${offset}`;
}
