/**
 * WordPress kses allow-lists (wp-includes/kses.php, WP 6.x): `$allowedposttags` (with the
 * global attributes of `_wp_add_global_attributes()`), `$allowedtags`, protocols, URI attributes.
 */

/** `true` = allowed without checks; an object = allowed with checks (only `valueless` is used). */
export type AttributeRule = true | { valueless?: 'y' | 'n'; required?: true };
export type AllowedHtml = Record<string, Record<string, AttributeRule>>;

const GLOBAL_ATTRIBUTES = [
  'aria-controls',
  'aria-current',
  'aria-describedby',
  'aria-details',
  'aria-expanded',
  'aria-hidden',
  'aria-label',
  'aria-labelledby',
  'aria-live',
  'class',
  'data-*',
  'dir',
  'hidden',
  'id',
  'lang',
  'style',
  'title',
  'role',
  'xml:lang',
];

const ALIGN = ['align'];
const CELL = ['abbr', 'align', 'axis', 'bgcolor', 'char', 'charoff', 'colspan', 'headers', 'height', 'nowrap', 'rowspan', 'scope', 'valign', 'width'];
const SECTION = ['align', 'char', 'charoff', 'valign'];
const COL = ['align', 'char', 'charoff', 'span', 'valign', 'width'];

const POST_TAGS: Record<string, string[]> = {
  address: [],
  a: ['href', 'rel', 'rev', 'name', 'target', 'download'],
  abbr: [],
  acronym: [],
  area: ['alt', 'coords', 'href', 'nohref', 'shape', 'target'],
  article: ALIGN,
  aside: ALIGN,
  audio: ['autoplay', 'controls', 'loop', 'muted', 'preload', 'src'],
  b: [],
  bdo: [],
  big: [],
  blockquote: ['cite'],
  br: [],
  button: ['disabled', 'name', 'type', 'value'],
  caption: ALIGN,
  cite: [],
  code: [],
  col: COL,
  colgroup: COL,
  del: ['datetime'],
  dd: [],
  dfn: [],
  details: ['align', 'open'],
  div: ALIGN,
  dl: [],
  dt: [],
  em: [],
  fieldset: [],
  figure: ALIGN,
  figcaption: ALIGN,
  font: ['color', 'face', 'size'],
  footer: ALIGN,
  h1: ALIGN,
  h2: ALIGN,
  h3: ALIGN,
  h4: ALIGN,
  h5: ALIGN,
  h6: ALIGN,
  header: ALIGN,
  hgroup: ALIGN,
  hr: ['align', 'noshade', 'size', 'width'],
  i: [],
  img: ['alt', 'align', 'border', 'height', 'hspace', 'loading', 'longdesc', 'vspace', 'src', 'usemap', 'width'],
  ins: ['datetime', 'cite'],
  kbd: [],
  label: ['for'],
  legend: ALIGN,
  li: ['align', 'value'],
  main: ALIGN,
  map: ['name'],
  mark: [],
  menu: ['type'],
  nav: ALIGN,
  object: ['data', 'type'],
  p: ALIGN,
  pre: ['width'],
  q: ['cite'],
  rb: [],
  rp: [],
  rt: [],
  rtc: [],
  ruby: [],
  s: [],
  samp: [],
  span: ALIGN,
  section: ALIGN,
  small: [],
  strike: [],
  strong: [],
  sub: [],
  summary: ALIGN,
  sup: [],
  table: ['align', 'bgcolor', 'border', 'cellpadding', 'cellspacing', 'rules', 'summary', 'width'],
  tbody: SECTION,
  td: CELL,
  textarea: ['cols', 'rows', 'disabled', 'name', 'readonly'],
  tfoot: SECTION,
  th: CELL,
  thead: SECTION,
  title: [],
  tr: ['align', 'bgcolor', 'char', 'charoff', 'valign'],
  track: ['default', 'kind', 'label', 'src', 'srclang'],
  tt: [],
  u: [],
  ul: ['type'],
  ol: ['start', 'type', 'reversed'],
  var: [],
  video: ['autoplay', 'controls', 'height', 'loop', 'muted', 'playsinline', 'poster', 'preload', 'src', 'width'],
};

function buildPostTags(): AllowedHtml {
  const tags: AllowedHtml = {};
  for (const [tag, attributes] of Object.entries(POST_TAGS)) {
    const rules: Record<string, AttributeRule> = {};
    for (const name of [...attributes, ...GLOBAL_ATTRIBUTES]) rules[name] = true;
    tags[tag] = rules;
  }
  tags.a.download = { valueless: 'y' };
  // WordPress only allows <object> for PDFs in the uploads folder (a value callback needing the
  // site's upload URL); both attributes are required, so here <object> always loses them.
  tags.object.data = { required: true };
  tags.object.type = { required: true };
  return tags;
}

export const ALLOWED_POST_TAGS: AllowedHtml = buildPostTags();

/** `$allowedtags`: the basic inline tags used for titles (`title_save_pre` → wp_filter_kses). */
export const ALLOWED_TITLE_TAGS: AllowedHtml = {
  a: { href: true, title: true },
  abbr: { title: true },
  acronym: { title: true },
  b: {},
  blockquote: { cite: true },
  cite: {},
  code: {},
  del: { datetime: true },
  em: {},
  i: {},
  q: { cite: true },
  s: {},
  strike: {},
  strong: {},
};

/** `wp_allowed_protocols()`. */
export const ALLOWED_PROTOCOLS = [
  'http',
  'https',
  'ftp',
  'ftps',
  'mailto',
  'news',
  'irc',
  'irc6',
  'ircs',
  'gopher',
  'nntp',
  'feed',
  'telnet',
  'mms',
  'rtsp',
  'sms',
  'svn',
  'tel',
  'fax',
  'xmpp',
  'webcal',
  'urn',
];

/** `wp_kses_uri_attributes()`. */
export const URI_ATTRIBUTES = [
  'action',
  'archive',
  'background',
  'cite',
  'classid',
  'codebase',
  'data',
  'formaction',
  'href',
  'icon',
  'longdesc',
  'manifest',
  'poster',
  'profile',
  'src',
  'usemap',
  'xmlns',
];

/** `$allowedentitynames`: HTML 4 entity names plus `apos`. */
export const ALLOWED_ENTITY_NAMES = new Set(
  (
    'nbsp iexcl cent pound curren yen brvbar sect uml copy ordf laquo not shy reg macr deg plusmn acute ' +
    'micro para middot cedil ordm raquo iquest Agrave Aacute Acirc Atilde Auml Aring AElig Ccedil Egrave ' +
    'Eacute Ecirc Euml Igrave Iacute Icirc Iuml ETH Ntilde Ograve Oacute Ocirc Otilde Ouml times Oslash ' +
    'Ugrave Uacute Ucirc Uuml Yacute THORN szlig agrave aacute acirc atilde auml aring aelig ccedil egrave ' +
    'eacute ecirc euml igrave iacute icirc iuml eth ntilde ograve oacute ocirc otilde ouml divide oslash ' +
    'ugrave uacute ucirc uuml yacute thorn yuml quot amp lt gt apos OElig oelig Scaron scaron Yuml circ ' +
    'tilde ensp emsp thinsp zwnj zwj lrm rlm ndash mdash lsquo rsquo sbquo ldquo rdquo bdquo dagger ' +
    'Dagger permil lsaquo rsaquo euro fnof Alpha Beta Gamma Delta Epsilon Zeta Eta Theta Iota Kappa ' +
    'Lambda Mu Nu Xi Omicron Pi Rho Sigma Tau Upsilon Phi Chi Psi Omega alpha beta gamma delta epsilon ' +
    'zeta eta theta iota kappa lambda mu nu xi omicron pi rho sigmaf sigma tau upsilon phi chi psi omega ' +
    'thetasym upsih piv bull hellip prime Prime oline frasl weierp image real trade alefsym larr uarr ' +
    'rarr darr harr crarr lArr uArr rArr dArr hArr forall part exist empty nabla isin notin ni prod sum ' +
    'minus lowast radic prop infin ang and or cap cup int sim cong asymp ne equiv le ge sub sup nsub ' +
    'sube supe oplus otimes perp sdot lceil rceil lfloor rfloor lang rang loz spades clubs hearts diams ' +
    'sup1 sup2 sup3 frac14 frac12 frac34 there4'
  ).split(' '),
);
