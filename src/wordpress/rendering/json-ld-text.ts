/**
 * Text values of TEC's JSON-LD (events.md §1.5, OQ-4 best effort; TEC `JSON_LD/Abstract.php`):
 * `name` = esc_js(rendered title); `description` = esc_js(tribe_events_get_the_excerpt()), i.e. the
 * raw excerpt — or, without one, the content cut to 55 words + ` [&hellip;]` — with shortcodes
 * removed, reduced to a few inline tags, auto-paragraphed and escaped (live: `&lt;p&gt;Excerpt 1&lt;/p&gt;\n`
 * with a literal backslash-n).
 */
import { ksesWith } from './kses/kses';
import { phpTrim } from './text-filters';
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

/** WordPress `esc_js()`. */
export function escJs(text: string): string {
  return specialChars(text)
    .replace(/&#(?:x0*27|0*39);?/gi, "'")
    .replace(/\r/g, '')
    .replace(/['"\\]/g, '\\$&')
    .replace(/\n/g, '\\n');
}

/** `wp_strip_all_tags()`. */
export function stripAllTags(text: string): string {
  return phpTrim(text.replace(/<(script|style)[^>]*?>[\s\S]*?<\/\1>/gi, '').replace(/<[^>]*>?/g, ''));
}

/** `wp_trim_words()` for space-separated languages. */
export function trimWords(text: string, count: number, more: string): string {
  const words = stripAllTags(text).split(/[\n\r\t ]+/).filter((w) => w !== '');
  return words.length > count ? words.slice(0, count).join(' ') + more : words.join(' ');
}

/** JSON-LD `description` of an event, venue or organizer from its raw excerpt and content. */
export function jsonLdDescription(rawExcerpt: string | null | undefined, rawContent: string | null | undefined): string {
  const hasExcerpt = !!rawExcerpt && rawExcerpt.trim() !== '';
  let text = (hasExcerpt ? rawExcerpt : rawContent ?? '') as string;
  text = text.replace(/\[.+?\]/g, '');
  text = ksesWith(text, EXCERPT_TAGS);
  if (!hasExcerpt) text = trimWords(text, 55, ' [&hellip;]');
  return escJs(wpautop(text));
}

/** JSON-LD `name`: the rendered title, escaped for JavaScript. */
export function jsonLdName(renderedTitle: string): string {
  return escJs(renderedTitle);
}
