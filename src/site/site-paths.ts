/**
 * The paths the site's pages live at (site-pages.controller.ts), for the response cache: `/`,
 * `/events…` (archive, categories, tags), `/event/…`, `/venue/…`, `/organizer/…`, `/tag/…`.
 */
const PAGE_PATH = /^\/(?:$|(?:events?|venue|organizer|tag)(?:\/|$))/i;

export function isSitePagePath(path: string): boolean {
  return PAGE_PATH.test(path);
}
