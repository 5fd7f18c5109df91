/**
 * Port of WordPress `wp_kses()` (wp-includes/kses.php, WP 6.x) as applied on save to callers
 * without `unfiltered_html` (kses_init_filters): `title_save_pre` → wp_filter_kses ($allowedtags),
 * `content_save_pre`/`excerpt_save_pre` → wp_filter_post_kses ($allowedposttags).
 * Disallowed elements are removed and their text kept; disallowed attributes are dropped;
 * URL attributes lose disallowed protocols; entities are normalised; a lone `<` becomes `&lt;`
 * (the `wp_pre_kses_less_than` pre_kses filter). Not ported: `wp_pre_kses_block_attributes`
 * (filtering of string values inside block comment attributes).
 */
import { ALLOWED_ENTITY_NAMES, ALLOWED_POST_TAGS, ALLOWED_PROTOCOLS, ALLOWED_TITLE_TAGS, AllowedHtml, URI_ATTRIBUTES } from './allowed-html';
import { badProtocol, noNull } from './protocols';
import { safecssFilterAttr } from './safecss';
import { escHtml } from '../../text-sanitize';

interface Attribute {
  name: string;
  value: string;
  whole: string;
  valueless: 'y' | 'n';
}

function validUnicode(code: number): boolean {
  return (
    code === 0x9 ||
    code === 0xa ||
    code === 0xd ||
    (code >= 0x20 && code <= 0xd7ff) ||
    (code >= 0xe000 && code <= 0xfffd) ||
    (code >= 0x10000 && code <= 0x10ffff)
  );
}

/** `wp_kses_normalize_entities()` (html context). */
function normalizeEntities(content: string): string {
  return content
    .split('&')
    .join('&amp;')
    .replace(/&amp;([A-Za-z]{2,8}[0-9]{0,2});/g, (whole, name: string) => (ALLOWED_ENTITY_NAMES.has(name) ? `&${name};` : whole))
    .replace(/&amp;#(0*[0-9]{1,7});/g, (whole, digits: string) =>
      validUnicode(parseInt(digits, 10)) ? `&#${digits.replace(/^0+/, '').padStart(3, '0')};` : whole,
    )
    .replace(/&amp;#[Xx](0*[0-9A-Fa-f]{1,6});/g, (whole, hex: string) =>
      validUnicode(parseInt(hex, 16)) ? `&#x${hex.replace(/^0+/, '')};` : `&amp;#x${hex};`,
    );
}

/** `wp_pre_kses_less_than()`: a `<` that never meets a `>` is text. */
function preKsesLessThan(content: string): string {
  return content.replace(/<[^>]*?((?=<)|>|$)/g, (m) => (m.includes('>') ? m : escHtml(m)));
}

/** `wp_kses_html_error()`: skips a malformed attribute. */
function skipMalformed(attr: string): string {
  return attr.replace(/^("[^"]*("|$)|'[^']*('|$)|\S)*\s*/, '');
}

/** `wp_kses_hair()`: splits an attribute list, applying the protocol filter to URI attributes. */
function parseAttributes(input: string): Attribute[] {
  const found = new Map<string, Attribute>();
  let attr = input;
  let mode = 0;
  let name = '';
  const add = (value: string, whole: string, valueless: 'y' | 'n') => {
    if (!found.has(name)) found.set(name, { name, value, whole, valueless });
  };
  const filterUri = (value: string) => (URI_ATTRIBUTES.includes(name.toLowerCase()) ? badProtocol(value, ALLOWED_PROTOCOLS) : value);

  while (attr.length > 0) {
    let working = false;
    let m: RegExpExecArray | null;
    if (mode === 0) {
      if ((m = /^[_a-zA-Z][-_a-zA-Z0-9:.]*/.exec(attr))) {
        name = m[0];
        attr = attr.slice(m[0].length);
        working = true;
        mode = 1;
      }
    } else if (mode === 1) {
      if ((m = /^\s*=\s*/.exec(attr))) {
        attr = attr.slice(m[0].length);
        working = true;
        mode = 2;
      } else if ((m = /^\s+/.exec(attr))) {
        add('', name, 'y');
        attr = attr.slice(m[0].length);
        working = true;
        mode = 0;
      }
    } else if ((m = /^"([^"]*)"(\s+|\/?$)/.exec(attr))) {
      const value = filterUri(m[1]);
      add(value, `${name}="${value}"`, 'n');
      attr = attr.replace(/^"[^"]*"(\s+|$)/, '');
      working = true;
      mode = 0;
    } else if ((m = /^'([^']*)'(\s+|\/?$)/.exec(attr))) {
      const value = filterUri(m[1]);
      add(value, `${name}='${value}'`, 'n');
      attr = attr.replace(/^'[^']*'(\s+|$)/, '');
      working = true;
      mode = 0;
    } else if ((m = /^([^\s"']+)(\s+|\/?$)/.exec(attr))) {
      const value = filterUri(m[1]);
      add(value, `${name}="${value}"`, 'n');
      attr = attr.replace(/^[^\s"']+(\s+|$)/, '');
      working = true;
      mode = 0;
    }
    if (!working) {
      attr = skipMalformed(attr);
      mode = 0;
    }
  }
  if (mode === 1) add('', name, 'y');
  return [...found.values()];
}

/** `wp_kses_attr_check()`; returns the attribute to keep (possibly rewritten) or null. */
function checkAttribute(attribute: Attribute, rules: AllowedHtml[string]): Attribute | null {
  const lower = attribute.name.toLowerCase();
  let rule = Object.prototype.hasOwnProperty.call(rules, lower) ? rules[lower] : undefined;
  if (rule === undefined) {
    if (!(lower.startsWith('data-') && rules['data-*'] && /^data-[a-z0-9_-]+$/.test(lower))) return null;
    rule = rules['data-*'];
  }
  let { value, whole } = attribute;
  if (lower === 'style') {
    const filtered = safecssFilterAttr(value);
    if (filtered === '' || filtered === '0') return null;
    whole = whole.split(value).join(filtered);
    value = filtered;
  }
  if (rule !== true) {
    if (rule.valueless && rule.valueless !== attribute.valueless) return null;
    if (rule.required) return null; // value callbacks (PDF objects) are not available here
  }
  return { ...attribute, value, whole };
}

/** `wp_kses_attr()`. */
function filterAttributes(element: string, attrList: string, allowed: AllowedHtml): string {
  const xhtmlSlash = /\s*\/\s*$/.test(attrList) ? ' /' : '';
  const rules = allowed[element.toLowerCase()];
  if (!rules || Object.keys(rules).length === 0) return `<${element}${xhtmlSlash}>`;

  const required = new Set(
    Object.entries(rules)
      .filter(([, r]) => r !== true && r.required)
      .map(([n]) => n),
  );
  const strippedTag = xhtmlSlash === '' ? `<${element}>` : '';
  let kept = '';
  for (const attribute of parseAttributes(attrList)) {
    const lower = attribute.name.toLowerCase();
    const checked = checkAttribute(attribute, rules);
    if (checked) {
      kept += ` ${checked.whole}`;
      required.delete(lower);
    } else if (required.has(lower)) {
      return strippedTag;
    }
  }
  if (required.size > 0) return strippedTag;
  return `<${element}${kept.replace(/[<>]/g, '')}${xhtmlSlash}>`;
}

/** `wp_kses_split2()`: one tag-like token. */
function filterToken(token: string, allowed: AllowedHtml): string {
  const content = token.replace(/\\"/g, '"'); // wp_kses_stripslashes
  if (!content.startsWith('<')) return '&gt;';
  if (content.startsWith('<!--')) {
    let inner = content.split('<!--').join('').split('-->').join('');
    let next: string;
    while ((next = kses(inner, allowed)) !== inner) inner = next;
    if (inner === '') return '';
    inner = inner.replace(/--+/g, '-').replace(/-$/, '');
    return `<!--${inner}-->`;
  }
  const m = /^<\s*(\/\s*)?([a-zA-Z0-9-]+)([^>]*)>?$/.exec(content);
  if (!m) return '';
  const [, slash, element, attrList] = m;
  if (!Object.prototype.hasOwnProperty.call(allowed, element.toLowerCase())) return '';
  if ((slash ?? '').trim() !== '') return `</${element}>`;
  return filterAttributes(element, attrList, allowed);
}

/** Comments, then tag-like spans, then lone `>` (`wp_kses_split()`). */
const TOKEN = /(<!--.*?(-->|$))|(<[^>]*(>|$)|>)/g;

function kses(content: string, allowed: AllowedHtml): string {
  let result = noNull(content, true);
  result = normalizeEntities(result);
  result = preKsesLessThan(result);
  return result.replace(TOKEN, (token) => filterToken(token, allowed));
}

/** wp_kses with a custom allow-list (tag → attribute rules). */
export function ksesWith(html: string, allowed: AllowedHtml): string {
  return kses(html, allowed);
}

/** wp_kses with the "post" allow-list: post content and excerpts. */
export function ksesPost(html: string): string {
  return kses(html, ALLOWED_POST_TAGS);
}

/** wp_kses with `$allowedtags` (basic inline tags): post titles. */
export function ksesTitle(html: string): string {
  return kses(html, ALLOWED_TITLE_TAGS);
}
