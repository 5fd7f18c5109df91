/**
 * WordPress's plain-permalink form of a REST request: `/?rest_route=/tribe/events/v1/events&page=2`
 * (also on `/index.php`, and after a language prefix) is the request `{restRoot}/tribe/events/v1/events?page=2`.
 * Returns the pretty URL, or undefined when the URL is not of that form.
 */
const FRONT_PAGE = /^(\/[a-z]{2}(?:[-_][A-Za-z]{2})?)?\/(?:index\.php)?$/;

export function restRouteUrl(url: string, restRoot: string): string | undefined {
  const mark = url.indexOf('?');
  if (mark < 0 || !url.includes('rest_route=')) return undefined;
  const front = FRONT_PAGE.exec(url.slice(0, mark));
  if (!front) return undefined;
  const query = new URLSearchParams(url.slice(mark + 1));
  const route = query.get('rest_route');
  if (route === null) return undefined;
  query.delete('rest_route');
  // WordPress takes an empty route as the index `/`; a route is a path, so `?` and `#` in it are escaped.
  const path = encodeURI(route.startsWith('/') ? route : `/${route}`).replace(/[?#]/g, encodeURIComponent);
  const rest = query.toString();
  return `${front[1] ?? ''}${restRoot}${path}${rest ? `?${rest}` : ''}`;
}
