/** What a list handler returns; the pagination interceptor turns it into the WordPress envelope. */
export interface Page<T> {
  items: T[];
  /** Records matching every filter, ignoring pagination. */
  total: number;
  page: number;
  perPage: number;
}

/** Effective page size: the requested one, else the site default, silently capped. */
export function effectivePerPage(requested: number | undefined, siteDefault: number, max: number): number {
  return Math.min(requested ?? siteDefault, max);
}

export function totalPages(total: number, perPage: number): number {
  return total === 0 ? 0 : Math.ceil(total / perPage);
}
