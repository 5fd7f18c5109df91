/**
 * Regular expressions WordPress uses to split HTML into text and "delimiters"
 * (tags, comments, CDATA). Ported from `get_html_split_regex()` and
 * `_get_wptexturize_split_regex()` (wp-includes/formatting.php); PCRE
 * conditionals are rewritten as lookahead alternatives.
 */

/** A comment after its `<`: everything up to `-->`, or all input when unterminated. */
import { SHORTCODE_SPLIT } from './shortcodes';

const COMMENT = '!(?:-(?!->)[^-]*)*(?:-->)?';
const CDATA = '!\\[CDATA\\[[^\\]]*(?:\\](?!\\]>)[^\\]]*)*(?:\\]\\]>)?';

/** `get_html_split_regex()`: one capture group holding a whole element, comment or CDATA. */
const HTML_SPLIT_REGEX = new RegExp(`(<(?:(?=!--)${COMMENT}|(?=!\\[CDATA\\[)${CDATA}|(?!!--|!\\[CDATA\\[)[^>]*>?))`);

/** `_get_wptexturize_split_regex()` with WordPress core's shortcodes (src/wordpress/rendering/shortcodes.ts). */
export const TEXTURIZE_SPLIT_REGEX = new RegExp(`(<(?:(?=!--)${COMMENT}|(?!!--)[^>]*>?)|${SHORTCODE_SPLIT})`);

/**
 * `wp_html_split()`: text at even indexes, elements at odd indexes
 * (JavaScript's split keeps captured delimiters like PREG_SPLIT_DELIM_CAPTURE).
 */
function htmlSplit(input: string): string[] {
  return input.split(HTML_SPLIT_REGEX);
}

/** `wp_replace_in_html_tags()`: replace `needle` inside elements only. */
export function replaceInHtmlTags(haystack: string, needle: string, replacement: string): string {
  const parts = htmlSplit(haystack);
  for (let i = 1; i < parts.length; i += 2) {
    parts[i] = parts[i].split(needle).join(replacement);
  }
  return parts.join('');
}

/** PHP's `\s` without the /u modifier (JavaScript's `\s` also matches U+00A0 and other Unicode spaces). */
export const PHP_SPACE = '[ \\t\\n\\r\\f\\v]';
