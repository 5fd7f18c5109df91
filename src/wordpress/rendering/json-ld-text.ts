/**
 * Text values of TEC's JSON-LD (events.md §1.5, OQ-4 best effort; TEC `JSON_LD/Abstract.php`):
 * `name` = esc_js(rendered title); `description` = esc_js(tribe_events_get_the_excerpt()), i.e. the
 * raw excerpt — or, without one, the content cut to 55 words + ` [&hellip;]` — with shortcodes
 * removed, reduced to a few inline tags, auto-paragraphed and escaped (live: `&lt;p&gt;Excerpt 1&lt;/p&gt;\n`
 * with a literal backslash-n).
 */
import { ksesWith } from './kses/kses';
import { stripAllTags } from '../text-sanitize';
import { wpautop } from './wpautop';

/** Tags `tribe_events_get_the_excerpt()` keeps. */
const EXCERPT_TAGS = { a: { href: true as const, title: true as const }, b: {}, br: {}, em: {}, i: {}, strong: {}, ul: {}, ol: {}, li: {} };

/** `_wp_specialchars($text, ENT_COMPAT)` without double encoding. */
function specialChars(text: string): string {
  return text
    .replace(/&(?!(?:[A-Za-z][A-Za-z0-9]*|#[0-9]+|#x[0-9A-Fa-f]+);)/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** PHP `addslashes`. */
function addslashes(text: string): string {
  return text.replace(/[\\'"\0]/g, (c) => (c === '\0' ? '\\0' : `\\${c}`));
}

/** PHP `stripslashes`. */
function stripslashes(text: string): string {
  return text.replace(/\\(\\|[\s\S])?/g, (_, c: string | undefined) => (c === undefined ? '' : c === '0' ? '\0' : c));
}

/**
 * WordPress `esc_js()`: HTML special characters escaped (entities kept), slashes stripped, `&#39;`
 * back to a quote, CRs dropped, quotes and backslashes escaped, line feeds written as `\n`.
 */
export function escJs(text: string): string {
  const safe = stripslashes(specialChars(text))
    .replace(/&#(?:x0*27|0*39);?/gi, "'")
    .replace(/\r/g, '');
  return addslashes(safe).replace(/\n/g, '\\n');
}

/** WP core `wp_trim_words` for space-separated languages: the first `count` words of the tag-free text, `more` appended when cut. */
export function trimWords(text: string, count = 55, more = ' [&hellip;]'): string {
  const words = stripAllTags(text)
    .split(/[\n\r\t ]+/)
    .filter((w) => w !== '');
  return words.length > count ? words.slice(0, count).join(' ') + more : words.join(' ');
}

/** JSON-LD `description` of an event, venue or organizer from its raw excerpt and content. */
export function jsonLdDescription(rawExcerpt: string | null | undefined, rawContent: string | null | undefined): string {
  const hasExcerpt = !!rawExcerpt && rawExcerpt.trim() !== '';
  let text = (hasExcerpt ? rawExcerpt : (rawContent ?? '')) as string;
  text = text.replace(/\[.+?\]/g, '');
  text = ksesWith(text, EXCERPT_TAGS);
  if (!hasExcerpt) text = trimWords(text);
  return escJs(wpautop(text));
}

/** JSON-LD `name`: the rendered title, escaped for JavaScript. */
export function jsonLdName(renderedTitle: string): string {
  return escJs(renderedTitle);
}

/**
 * The raw title `get_the_title()` gives outside wp-admin: "Protected: %s" for a password-protected
 * post, else "Private: %s" for a private one (WordPress's English formats); the JSON-LD `name` of TEC's
 * objects is built from it (tribe-common `Tribe__JSON_LD__Abstract`), the REST title fields are not.
 */
export function titleWithStatusPrefix(post: { post_title: string; post_status: string; post_password: string }): string {
  if (post.post_password !== '') return `Protected: ${post.post_title}`;
  return post.post_status === 'private' ? `Private: ${post.post_title}` : post.post_title;
}
