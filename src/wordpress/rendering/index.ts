/**
 * Rendering of stored post text the way WordPress' display filters do (formats.md §4),
 * plus the write-time HTML sanitising of callers without `unfiltered_html`
 * (auth-and-permissions.md §3, WordPress `wp_kses`).
 *
 *   renderTitle(raw)    `the_title`:   wptexturize, convert_chars, trim, capital_P_dangit
 *   renderContent(raw)  `the_content`: do_blocks, wptexturize, wpautop (skipped when the
 *                       content has blocks, like WordPress), capital_P_dangit, trimmed
 *   renderExcerpt(raw)  `the_excerpt`: wptexturize, convert_chars, wpautop, trimmed; "" when empty
 *   ksesPost(html)      wp_kses with the "post" allow-list (post_content, post_excerpt)
 *   ksesTitle(html)     wp_kses with the basic inline allow-list (post_title)
 *   jsonLdDescription(excerpt, content), jsonLdName(renderedTitle), escJs(text)
 *                       text values of TEC's JSON-LD (events.md §1.5)
 *   sanitizeMetaString(text)  tags stripped + entities decoded (stored meta strings, storage.md §3)
 *
 * WordPress core shortcodes: `[caption]` and `[embed]` rendered, a `[gallery]` naming no existing image
 * removed, the other core tags kept as written (shortcodes.ts); unregistered shortcodes stay text.
 * Not reproduced (not required by formats.md §4 / OQ-3): smilies, oEmbed, responsive image
 * attributes, the server-side templates of dynamic (TEC) blocks.
 */
import { doBlocks, hasBlocks } from './blocks';
import { capitalPDangitContent, capitalPDangitTitle, convertChars, phpTrim } from './text-filters';
import { wpautop } from './wpautop';
import { wptexturize } from './wptexturize';
import { doShortcode, runEmbedShortcode, shortcodeUnautop } from './shortcodes';
export { galleryAttachmentIds } from './shortcodes';

export { ksesPost, ksesTitle, ksesWith } from './kses/kses';
export { escJs, jsonLdDescription, jsonLdName, titleWithStatusPrefix, trimWords } from './json-ld-text';
export { wpautop } from './wpautop';
export { wptexturize } from './wptexturize';
export { convertChars, phpEmpty, phpTrim } from './text-filters';
export { decodeEntities } from './html-entities';
export { sanitizeMetaString, stripAllTags } from '../text-sanitize';
export { parseBlocks, hasBlocks } from './blocks';

export function renderTitle(raw: string | null | undefined): string {
  if (!raw) return '';
  return phpTrim(capitalPDangitTitle(phpTrim(convertChars(wptexturize(raw)))));
}

/** `galleryImages`: the existing image attachments the text's galleries name (shortcodes.ts `galleryAttachmentIds`). */
export function renderContent(raw: string | null | undefined, galleryImages?: ReadonlySet<number>): string {
  if (!raw) return '';
  // `the_content` in priority order: [embed] (8), do_blocks (9), wptexturize, wpautop, shortcode_unautop (10),
  // do_shortcode and capital_P_dangit (11).
  let html = runEmbedShortcode(raw);
  const withBlocks = hasBlocks(html);
  html = doBlocks(html);
  html = wptexturize(html);
  if (!withBlocks) html = wpautop(html);
  html = doShortcode(shortcodeUnautop(html), galleryImages);
  return phpTrim(capitalPDangitContent(html));
}

export function renderExcerpt(raw: string | null | undefined): string {
  if (!raw) return '';
  return phpTrim(wpautop(convertChars(wptexturize(raw))));
}
