/** WordPress plain-text sanitising (storage.md §5), as pure functions. */

import { decodeEntities } from './rendering/html-entities';
import { phpTrim } from './rendering/text-filters';

export { phpTrim };

/** WP core `esc_html` without double-encoding existing entities. */
export function escHtml(text: string): string {
  return text
    .replace(/&(?!(?:[a-zA-Z][a-zA-Z0-9]*|#\d+|#x[0-9a-fA-F]+);)/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#039;');
}

/**
 * PHP `strip_tags()` without allowed tags: removes tags (quotes inside a tag are respected), comments
 * and an unterminated trailing tag; a `<` followed by whitespace is ordinary text.
 */
export function phpStripTags(text: string): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const ch = text[i];
    if (ch !== '<' || i + 1 >= text.length || /\s/.test(text[i + 1])) {
      out += ch;
      i++;
      continue;
    }
    if (text.startsWith('<!--', i)) {
      const end = text.indexOf('-->', i + 4);
      i = end < 0 ? text.length : end + 3;
      continue;
    }
    let quote: string | undefined;
    let j = i + 1;
    for (; j < text.length; j++) {
      const c = text[j];
      if (quote) {
        if (c === quote) quote = undefined;
      } else if (c === '"' || c === "'") {
        quote = c;
      } else if (c === '>') {
        break;
      }
    }
    i = j + 1;
  }
  return out;
}

/** WP core `wp_strip_all_tags`: also drops the content of `<script>` and `<style>` elements. */
export function stripAllTags(text: string, removeBreaks = false): string {
  let result = phpStripTags(text.replace(/<(script|style)[^>]*?>[\s\S]*?<\/\1>/gi, ''));
  if (removeBreaks) result = result.replace(/[\r\n\t ]+/g, ' ');
  return phpTrim(result);
}

/** Plain-text sanitising of stored meta strings (storage.md §3, TEC `tec_sanitize_string`): tags stripped, entities decoded. */
export function sanitizeMetaString(value: string): string {
  return decodeEntities(stripAllTags(value));
}

/** WP core `wp_pre_kses_less_than`: a `<` that opens no tag becomes `&lt;`. */
function escapeLoneLessThan(text: string): string {
  return text.replace(/<[^>]*?(?=<|>|$)>?/g, (match) => (match.includes('>') ? match : escHtml(match)));
}

/**
 * WP core `sanitize_text_field`: tags stripped, line breaks, tabs and runs of whitespace collapsed to
 * one space, percent-encoded octets removed, trimmed. `keepOctets` leaves percent-encoded octets in
 * place (for URLs, where removing them would change the address).
 */
export function sanitizeTextField(value: string, keepOctets = false): string {
  let filtered = value;
  if (filtered.includes('<')) {
    filtered = stripAllTags(escapeLoneLessThan(filtered)).replace(/<\n/g, '&lt;\n');
  }
  filtered = phpTrim(filtered.replace(/[\r\n\t ]+/g, ' '));
  if (keepOctets) return filtered;
  let found = false;
  for (let m = /%[a-f0-9]{2}/i.exec(filtered); m; m = /%[a-f0-9]{2}/i.exec(filtered)) {
    filtered = filtered.split(m[0]).join('');
    found = true;
  }
  if (found) filtered = phpTrim(filtered.replace(/ +/g, ' '));
  return filtered;
}
