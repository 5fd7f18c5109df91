import { timingSafeEqual } from 'node:crypto';

/** Replacement values of TEC's password blanking (auth-and-permissions.md §4.4). */
const BLANKS: Record<string, () => unknown> = {
  description: () => '',
  excerpt: () => '',
  cost: () => '',
  website: () => '',
  email: () => '',
  phone: () => '',
  address: () => '',
  city: () => '',
  country: () => '',
  province: () => '',
  zip: () => '',
  stateprovince: () => '',
  virtual_url: () => '',
  virtual_video_source: () => '',
  image: () => false,
  all_day: () => null,
  show_map: () => null,
  show_map_link: () => null,
  hide_from_listings: () => null,
  sticky: () => null,
  featured: () => null,
  ticketed: () => null,
  is_virtual: () => null,
  cost_details: () => ({ currency_symbol: '', currency_position: '', currency_code: '', values: [] }),
  categories: () => [],
  tags: () => [],
  venue: () => [],
  organizer: () => [],
  custom_fields: () => [],
  geo_lat: () => 0,
  geo_lng: () => 0,
  attendance: () => ({ total_attendees: null, checked_in: null, not_checked_in: null }),
};

/**
 * Blanks the protected fields of a password-protected record's representation: every key of the
 * table present in the object is replaced (absent keys are not added); other nested objects and
 * arrays are processed with the same table.
 */
export function blankProtected<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item) => blankProtected(item)) as T;
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, Object.hasOwn(BLANKS, key) ? BLANKS[key]() : blankProtected(v)])) as T;
}

/** Constant-time comparison of a supplied password with the stored `post_password`. */
export function passwordMatches(supplied: string | undefined, stored: string): boolean {
  if (supplied === undefined || stored === '') return false;
  const a = Buffer.from(supplied);
  const b = Buffer.from(stored);
  return a.length === b.length && timingSafeEqual(a, b);
}
