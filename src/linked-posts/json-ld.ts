import { rememberedRendering } from '../cache/rendered-text';
import { escJs, ksesPost, renderTitle, titleWithStatusPrefix, trimWords, wpautop } from '../wordpress/rendering';
import { hasBlocks, parseBlocks, ParsedBlock, renderBlock } from '../wordpress/rendering/blocks';

/** Tags `tribe_events_get_the_excerpt` keeps in an excerpt. */
const EXCERPT_TAGS = new Set(['a', 'b', 'strong', 'em', 'span', 'ul', 'li', 'ol']);
/** Blocks WP core `excerpt_remove_blocks` keeps (wrappers keep their allowed inner blocks). */
const EXCERPT_BLOCKS = new Set([
  'core/freeform',
  'core/heading',
  'core/html',
  'core/list',
  'core/media-text',
  'core/paragraph',
  'core/preformatted',
  'core/pullquote',
  'core/quote',
  'core/table',
  'core/verse',
]);
const WRAPPER_BLOCKS = new Set(['core/columns', 'core/column', 'core/group']);

/** WP core `antispambot`: each character randomly written as a decimal character reference or as is. */
export function antispambot(email: string, random: () => number = Math.random): string {
  let out = '';
  for (const char of email) {
    out += char.charCodeAt(0) < 0x80 && random() < 0.5 ? `&#${char.charCodeAt(0)};` : char;
  }
  return out.split('@').join('&#64;');
}

function keptBlocks(blocks: ParsedBlock[]): string {
  return blocks
    .map((block) => {
      if (block.blockName === null || EXCERPT_BLOCKS.has(block.blockName)) return renderBlock(block);
      if (WRAPPER_BLOCKS.has(block.blockName)) return keptBlocks(block.innerBlocks);
      return '';
    })
    .join('');
}

/** Only the excerpt tags survive (after kses normalised the markup). */
function excerptKses(html: string): string {
  return ksesPost(html).replace(/<\/?([a-zA-Z0-9-]+)[^>]*>/g, (tag, name: string) => (EXCERPT_TAGS.has(name.toLowerCase()) ? tag : ''));
}

/**
 * TEC `tribe_events_get_the_excerpt`: the excerpt, or else the content cut to 55 words; blocks
 * outside the excerpt set, shortcodes and most tags removed; auto-paragraphs added.
 */
export function jsonLdExcerpt(post: { post_excerpt: string; post_content: string }): string {
  const hasExcerpt = post.post_excerpt !== '' && post.post_excerpt !== '0';
  let text = hasExcerpt ? post.post_excerpt : post.post_content;
  if (hasBlocks(text)) text = keptBlocks(parseBlocks(text));
  text = excerptKses(text.replace(/\[.+?\]/g, ''));
  if (!hasExcerpt) text = trimWords(text);
  return wpautop(text);
}

/**
 * The escaped JSON-LD excerpt of an excerpt and a content (joined by NUL, which neither holds), remembered
 * by its input: it is a pure function of the two texts, computed for every JSON-LD answer otherwise.
 */
const rememberedDescription = rememberedRendering((joined) => {
  const at = joined.indexOf('\u0000');
  return escJs(jsonLdExcerpt({ post_excerpt: joined.slice(0, at), post_content: joined.slice(at + 1) }));
});

/** The JSON-LD members every TEC object starts with (tribe-common `Tribe__JSON_LD__Abstract`). */
export function jsonLdHead(
  type: string,
  post: { post_title: string; post_excerpt: string; post_content: string; post_status: string; post_password: string },
  imageUrl: string | undefined,
): Record<string, unknown> {
  const head: Record<string, unknown> = {
    '@type': type,
    name: escJs(renderTitle(titleWithStatusPrefix(post))),
    description: rememberedDescription(`${post.post_excerpt}\u0000${post.post_content}`),
  };
  if (imageUrl) head.image = imageUrl;
  return head;
}
