/**
 * WordPress core shortcodes on `the_content` (wp-includes/shortcodes.php, media.php, class-wp-embed.php):
 * the registered tags, `get_shortcode_regex()`, `shortcode_parse_atts()`, `do_shortcode()`,
 * `shortcode_unautop()` and the renderers this service reproduces: `[caption]`/`[wp_caption]`
 * (`img_caption_shortcode`, the HTML5 `<figure>` form of themes declaring `html5` `caption` support)
 * and `[embed]` (WP_Embed without a network: an unknown provider's link, `maybe_make_link`).
 * `[gallery]`, `[playlist]`, `[audio]` and `[video]` are registered (so texturize and unautop treat them
 * as WordPress does) but kept as written: their output depends on attachment image sizes, players and
 * per-page instance counters this service does not reproduce (docs/decisions.md) — except a gallery
 * naming only attachments that are not images, which renders as nothing (`gallery_shortcode` finds no
 * attachment and returns '', Q70). Unregistered shortcodes stay text, as in WordPress.
 */
import { escHtml } from '../text-sanitize';
import { ksesPost } from './kses/kses';

/** WordPress core's shortcode tags, in registration order. */
export const CORE_SHORTCODES = ['wp_caption', 'caption', 'gallery', 'playlist', 'audio', 'video', 'embed'] as const;
const TAG_ALTERNATION = CORE_SHORTCODES.join('|');

type Atts = Record<string, string>;
/** A shortcode's output; undefined keeps it as written. */
type Handler = (atts: Atts | string, content: string | undefined, tag: string) => string | undefined;

/**
 * `get_shortcode_regex()`: 1 an extra `[` (escaped shortcode), 2 the tag, 3 the attributes, 4 the
 * self-closing `/`, 5 the content, 6 an extra `]`. PCRE's possessive quantifiers become greedy ones:
 * the alternatives they guard are disjoint, so the matches are the same.
 */
function shortcodeRegex(tags: string): RegExp {
  return new RegExp(
    `\\[(\\[?)(${tags})(?![\\w-])([^\\]\\/]*(?:\\/(?!\\])[^\\]\\/]*)*?)(?:(\\/)\\]|\\](?:([^\\[]*(?:\\[(?!\\/\\2\\])[^\\[]*)*)\\[\\/\\2\\])?)(\\]?)`,
    'g',
  );
}

/** The texturize split alternative of `_get_wptexturize_split_regex()` for the registered shortcodes. */
export const SHORTCODE_SPLIT = `\\[[\\/\\[]?(?:${TAG_ALTERNATION})(?:[^\\[\\]<>]+|<[^\\[\\]>]*>)*\\]\\]?`;
/** A texturize delimiter that is a normal (not escaped) registered shortcode tag. */
export const NORMAL_SHORTCODE = new RegExp(`^\\[\\/?(?:${TAG_ALTERNATION})(?:[^\\[\\]<>]+|<[^\\[\\]>]*>)*\\]$`);

const ATTS_REGEX =
  /([\w-]+)\s*=\s*"([^"]*)"(?:\s|$)|([\w-]+)\s*=\s*'([^']*)'(?:\s|$)|([\w-]+)\s*=\s*([^\s'"]+)(?:\s|$)|"([^"]*)"(?:\s|$)|'([^']*)'(?:\s|$)|(\S+)(?:\s|$)/g;

/** PHP `stripcslashes()`: C-style escapes (`\n`, `\t`, octal, `\x` hex) and a backslash before anything else dropped. */
export function stripcslashes(text: string): string {
  const named: Record<string, string> = { n: '\n', t: '\t', r: '\r', a: '\x07', v: '\v', b: '\b', f: '\f' };
  return text.replace(/\\(x[0-9a-fA-F]{1,2}|[0-7]{1,3}|[\s\S])/g, (_m, code: string) => {
    if (code[0] === 'x' && code.length > 1) return String.fromCharCode(parseInt(code.slice(1), 16));
    if (/^[0-7]+$/.test(code)) return String.fromCharCode(parseInt(code, 8) & 0xff);
    return named[code] ?? code;
  });
}

/** `shortcode_parse_atts()`: named attributes (lower-cased names) and positional ones; no match → the trimmed text. */
export function parseShortcodeAtts(text: string): Atts | string {
  const atts: Atts = {};
  let positional = 0;
  const normalised = text.replace(/[\u00a0\u200b]+/g, ' ');
  const matches = [...normalised.matchAll(ATTS_REGEX)];
  if (!matches.length) return normalised.replace(/^[ \t\n\r\0\x0B]+/, '');
  for (const m of matches) {
    if (m[1]) atts[m[1].toLowerCase()] = stripcslashes(m[2]);
    else if (m[3]) atts[m[3].toLowerCase()] = stripcslashes(m[4]);
    else if (m[5]) atts[m[5].toLowerCase()] = stripcslashes(m[6]);
    else if (m[7] !== undefined && m[7] !== '') atts[positional++] = stripcslashes(m[7]);
    else if (m[8] !== undefined && m[8] !== '') atts[positional++] = stripcslashes(m[8]);
    else if (m[9] !== undefined) atts[positional++] = stripcslashes(m[9]);
  }
  // Reject any unclosed HTML elements.
  for (const [key, value] of Object.entries(atts)) {
    if (value.includes('<') && !/^[^<]*(?:<[^>]*>[^<]*)*$/.test(value)) atts[key] = '';
  }
  return atts;
}

/** PHP `(int)` of a string: leading whitespace and digits (with a sign), else 0. */
function phpInt(value: string): number {
  const m = /^[ \t\n\r\v\f]*([+-]?\d+)/.exec(value);
  return m ? Math.trunc(Number(m[1])) : 0;
}

/** `sanitize_html_class()`: percent-octets removed, then anything but `A-Za-z0-9_-`. */
function sanitizeHtmlClass(value: string): string {
  return value.replace(/%[a-fA-F0-9]{2}/g, '').replace(/[^A-Za-z0-9_-]/g, '');
}

const phpEmpty = (value: string | undefined) => value === undefined || value === '' || value === '0';

/**
 * The attachment IDs a `[gallery]` names (`ids`, else `include`), as `wp_parse_id_list()` reads them
 * (`abc` → 0); undefined when it names none (WordPress then shows the post's attached images).
 */
function galleryIncludes(atts: Atts | string): number[] | undefined {
  if (typeof atts === 'string') return undefined;
  const list = phpEmpty(atts.ids) ? atts.include : atts.ids;
  if (phpEmpty(list)) return undefined;
  return [
    ...new Set(
      list
        .split(/[\s,]+/)
        .filter((item) => item !== '')
        .map((item) => Math.abs(phpInt(item))),
    ),
  ];
}

/** Every attachment ID the `[gallery]` shortcodes of a stored text name, for the caller to look up. */
export function galleryAttachmentIds(content: string): number[] {
  if (!content.includes('[gallery')) return [];
  const ids = new Set<number>();
  for (const m of content.matchAll(shortcodeRegex('gallery'))) {
    if (m[1] === '[' && m[6] === ']') continue;
    for (const id of galleryIncludes(parseShortcodeAtts(m[3])) ?? []) ids.add(id);
  }
  return [...ids];
}

/** `gallery_shortcode()` as far as this service goes: '' when none of the named attachments is an existing image. */
function galleryShortcode(images: ReadonlySet<number>): Handler {
  return (atts) => {
    const named = galleryIncludes(atts);
    return named && !named.some((id) => images.has(id)) ? '' : undefined;
  };
}

/** `img_caption_shortcode()`, HTML5 form. */
export function captionShortcode(attr: Atts | string, content: string | undefined): string {
  const given: Atts = typeof attr === 'string' ? {} : { ...attr };
  let inner = content ?? '';
  if (given.caption === undefined) {
    const m = /((?:<a [^>]+>\s*)?<img [^>]+>(?:\s*<\/a>)?)([\s\S]*)/i.exec(inner);
    if (m) {
      inner = m[1];
      given.caption = m[2].replace(/^[ \t\n\r\0\x0B]+|[ \t\n\r\0\x0B]+$/g, '');
    }
  } else if (given.caption.includes('<')) {
    given.caption = ksesPost(given.caption);
  }
  const atts = { id: '', caption_id: '', align: 'alignnone', width: '', caption: '', class: '' };
  for (const key of Object.keys(atts) as (keyof typeof atts)[]) if (given[key] !== undefined) atts[key] = given[key];
  const width = phpInt(atts.width);
  if (width < 1 || phpEmpty(atts.caption)) return inner;
  let id = '';
  let captionId = '';
  let describedBy = '';
  if (atts.id) {
    atts.id = sanitizeHtmlClass(atts.id);
    id = `id="${escHtml(atts.id)}" `;
  }
  if (atts.caption_id) atts.caption_id = sanitizeHtmlClass(atts.caption_id);
  else if (atts.id) atts.caption_id = `caption-${atts.id.replaceAll('_', '-')}`;
  if (atts.caption_id) {
    captionId = `id="${escHtml(atts.caption_id)}" `;
    describedBy = `aria-describedby="${escHtml(atts.caption_id)}" `;
  }
  const className = `wp-caption ${atts.align} ${atts.class}`.replace(/^[ \t\n\r\0\x0B]+|[ \t\n\r\0\x0B]+$/g, '');
  const style = `style="width: ${width}px" `;
  return `<figure ${id}${describedBy}${style}class="${escHtml(className)}">${doShortcode(inner)}<figcaption ${captionId}class="wp-caption-text">${atts.caption}</figcaption></figure>`;
}

/** `[embed]url[/embed]` without oEmbed: `WP_Embed::maybe_make_link` (`linkifunknown`). */
export function embedShortcode(attr: Atts | string, content: string | undefined): string {
  let url = content ?? '';
  if (url === '' && typeof attr !== 'string' && attr.src) url = attr.src;
  if (url === '') return '';
  url = url.replaceAll('&amp;', '&');
  return `<a href="${escUrl(url)}">${escHtml(url)}</a>`;
}

/**
 * `esc_url()` for display, as an embed link needs it: spaces as `%20`, characters outside WordPress's
 * list dropped, `%0a`/`%0d` removed, `http://` added to a bare host, `&` as `&#038;`, `'` as `&#039;`;
 * a protocol outside WordPress's allowed list gives "".
 */
function escUrl(raw: string): string {
  let url = raw.replace(/^[ \t\n\r\0\x0B]+/, '').replace(/ /g, '%20');
  url = url.replace(/[^a-z0-9\-~+_.?#=!&;,/:%@$|*'()[\]\x80-\xff]/gi, '');
  if (url === '') return '';
  if (!/^mailto:/i.test(url)) while (/%0[ad]/i.test(url)) url = url.replace(/%0[ad]/gi, '');
  url = url.replace(';//', '://');
  if (!url.includes(':') && !/^[/#?]/.test(url) && !/^[a-z0-9-]+?\.php/i.test(url)) url = `http://${url}`;
  const scheme = /^([^:/?#]+):/.exec(url)?.[1]?.toLowerCase();
  if (scheme !== undefined && !ALLOWED_PROTOCOLS.has(scheme)) return '';
  return url
    .replace(/&(?!(?:[a-zA-Z][a-zA-Z0-9]*|#\d+|#x[0-9a-fA-F]+);)/g, '&amp;')
    .replaceAll('&amp;', '&#038;')
    .replaceAll("'", '&#039;');
}

/** `wp_allowed_protocols()`. */
const ALLOWED_PROTOCOLS = new Set('http https ftp ftps mailto news irc irc6 ircs gopher nntp feed telnet mms rtsp sms svn tel fax xmpp webcal urn'.split(' '));

const RENDERERS: Record<string, Handler> = {
  caption: captionShortcode,
  wp_caption: captionShortcode,
};

function runShortcodes(content: string, tags: string, handlers: Record<string, Handler>): string {
  if (!content.includes('[')) return content;
  return content.replace(shortcodeRegex(tags), (whole, open: string, tag: string, attsText: string, _slash, inner: string | undefined, close: string) => {
    // An escaped shortcode: [[caption]] → [caption].
    if (open === '[' && close === ']') return whole.slice(1, -1);
    const output = handlers[tag]?.(parseShortcodeAtts(attsText), inner, tag);
    return output === undefined ? whole : open + output + close;
  });
}

/**
 * `do_shortcode()` with the renderers above (other registered tags are left as written); with
 * `galleryImages`, the existing image attachments among those galleryAttachmentIds found, galleries too.
 */
export function doShortcode(content: string, galleryImages?: ReadonlySet<number>): string {
  return runShortcodes(content, TAG_ALTERNATION, galleryImages ? { ...RENDERERS, gallery: galleryShortcode(galleryImages) } : RENDERERS);
}

/** `WP_Embed::run_shortcode` (the_content, priority 8): only `[embed]`, before the other filters. */
export function runEmbedShortcode(content: string): string {
  return runShortcodes(content, 'embed', { embed: embedShortcode });
}

const SPACES = '(?:[\\r\\n\\t ]|\\u00a0|&nbsp;)';
const UNAUTOP = new RegExp(
  `<p>${SPACES}*(\\[(${TAG_ALTERNATION})(?![\\w-])[^\\]\\/]*(?:\\/(?!\\])[^\\]\\/]*)*?(?:\\/\\]|\\](?:[^\\[]*(?:\\[(?!\\/\\2\\])[^\\[]*)*\\[\\/\\2\\])?))${SPACES}*<\\/p>`,
  'g',
);

/** `shortcode_unautop()`: a registered shortcode alone in a paragraph loses the `<p>` wpautop gave it. */
export function shortcodeUnautop(html: string): string {
  return html.includes('[') ? html.replace(UNAUTOP, '$1') : html;
}
