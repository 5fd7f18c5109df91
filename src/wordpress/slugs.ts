import { phpStripTags } from './text-sanitize';

/**
 * WordPress `sanitize_title()` in its "save" context (`remove_accents` + `sanitize_title_with_dashes`):
 * the slug WordPress derives from a name or cleans a supplied slug with. Shared by terms and posts.
 */
export function sanitizeTitle(title: string, fallback = ''): string {
  const slug = sanitizeTitleWithDashes(removeAccents(title));
  return slug === '' ? fallback : slug;
}

/** Latin letters that Unicode decomposition does not reduce to a base letter (WordPress `remove_accents` table). */
const SPECIAL_LATIN: Record<string, string> = {
  ª: 'a',
  º: 'o',
  Æ: 'AE',
  æ: 'ae',
  Ð: 'D',
  ð: 'd',
  Ø: 'O',
  ø: 'o',
  Þ: 'TH',
  þ: 'th',
  ß: 's',
  Đ: 'D',
  đ: 'd',
  Ħ: 'H',
  ħ: 'h',
  ı: 'i',
  Ĳ: 'IJ',
  ĳ: 'ij',
  ĸ: 'k',
  Ŀ: 'L',
  ŀ: 'l',
  Ł: 'L',
  ł: 'l',
  ŉ: 'N',
  Ŋ: 'N',
  ŋ: 'n',
  Œ: 'OE',
  œ: 'oe',
  Ŧ: 'T',
  ŧ: 't',
  ſ: 's',
  ƒ: 'f',
  Ə: 'E',
  ə: 'e',
  '€': 'E',
  '£': '',
};

/** Blocks whose accented letters `remove_accents` maps to plain ASCII (Latin-1 to Latin Extended Additional). */
const LATIN_ACCENTED = /[\u00aa\u00ba\u00c0-\u024f\u1e00-\u1eff\u20ac\u00a3]/g;

/**
 * WordPress `remove_accents`: NFC first, then accented Latin letters to their ASCII base (`é` → `e`,
 * `ß` → `s`, `Æ` → `AE`). Non-Latin scripts are left alone (they become percent-encoded slugs).
 */
export function removeAccents(text: string): string {
  if (!/[^\x00-\x7f]/.test(text)) return text;
  return text.normalize('NFC').replace(LATIN_ACCENTED, (char) => {
    if (char in SPECIAL_LATIN) return SPECIAL_LATIN[char];
    const base = char.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
    return /^[\x00-\x7f]+$/.test(base) ? base : char;
  });
}

/** Percent-encoded UTF-8 sequences WordPress strips from slugs (soft hyphen, quotes, zero-width marks, …). */
const STRIPPED_OCTETS = [
  '%c2%ad',
  '%c2%a1',
  '%c2%bf',
  '%c2%ab',
  '%c2%bb',
  '%e2%80%b9',
  '%e2%80%ba',
  '%e2%80%98',
  '%e2%80%99',
  '%e2%80%9c',
  '%e2%80%9d',
  '%e2%80%9a',
  '%e2%80%9b',
  '%e2%80%9e',
  '%e2%80%9f',
  '%e2%80%a2',
  '%c2%a9',
  '%c2%ae',
  '%c2%b0',
  '%e2%80%a6',
  '%e2%84%a2',
  '%c2%b4',
  '%cb%8a',
  '%cc%81',
  '%cd%81',
  '%cc%80',
  '%cc%84',
  '%cc%8c',
  '%e2%80%8b',
  '%e2%80%8c',
  '%e2%80%8d',
  '%e2%80%8e',
  '%e2%80%8f',
  '%e2%80%aa',
  '%e2%80%ab',
  '%e2%80%ac',
  '%e2%80%ad',
  '%e2%80%ae',
  '%ef%bb%bf',
  '%ef%bf%bc',
];

/** Percent-encoded spaces of every width WordPress turns into hyphens (nbsp, dashes, en quad … ideographic space). */
const HYPHEN_OCTETS = [
  '%c2%a0',
  '%e2%80%93',
  '%e2%80%94',
  '%e2%80%80',
  '%e2%80%81',
  '%e2%80%82',
  '%e2%80%83',
  '%e2%80%84',
  '%e2%80%85',
  '%e2%80%86',
  '%e2%80%87',
  '%e2%80%88',
  '%e2%80%89',
  '%e2%80%8a',
  '%e2%80%a8',
  '%e2%80%a9',
  '%e2%80%af',
  '%e2%81%9f',
  '%e3%80%80',
];

function replaceAll(text: string, needles: string[], replacement: string): string {
  return needles.reduce((acc, needle) => acc.split(needle).join(replacement), text);
}

/** WordPress `sanitize_title_with_dashes($title, '', 'save')`. */
export function sanitizeTitleWithDashes(input: string): string {
  let title = phpStripTags(input);
  // Keep escaped octets, drop other percent signs.
  title = title
    .replace(/%([a-fA-F0-9][a-fA-F0-9])/g, '---$1---')
    .replace(/%/g, '')
    .replace(/---([a-fA-F0-9][a-fA-F0-9])---/g, '%$1');
  title = utf8UriEncode(title.toLowerCase(), 200).toLowerCase();
  title = replaceAll(title, HYPHEN_OCTETS, '-');
  title = replaceAll(title, ['&nbsp;', '&#160;', '&ndash;', '&#8211;', '&mdash;', '&#8212;', '/'], '-');
  title = replaceAll(title, STRIPPED_OCTETS, '');
  title = title.split('%c3%97').join('x');
  return title
    .replace(/&.+?;/g, '')
    .replace(/\./g, '-')
    .replace(/[^%a-z0-9 _-]/g, '')
    .replace(/\s+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * WordPress `utf8_uri_encode`: non-ASCII characters become lower-case percent-encoded UTF-8 octets; the
 * result stops before `length` bytes (a character is never cut in half).
 */
export function utf8UriEncode(text: string, length: number): string {
  let out = '';
  for (const char of text) {
    const encoded = char.charCodeAt(0) < 0x80 ? char : [...Buffer.from(char, 'utf8')].map((b) => `%${b.toString(16)}`).join('');
    if (length && out.length + encoded.length > length) break;
    out += encoded;
  }
  return out;
}

/**
 * The named lock (Sql.lock) a writer takes before it may pick `slug` for a post of `postType`, held
 * until its commit (PostsStore.uniqueSlug): one per slug, lower-cased as the database compares slugs.
 * Whoever would pick a slug another writer picked but has not committed yet waits for that commit and
 * then sees it taken; writers of other slugs never wait on each other. (Not one per slug base: numbered
 * titles — "Meeting 2", "Meeting 3" — would all queue on `meeting`.)
 */
export function slugLockName(postType: string, slug: string): string {
  return `slug:${postType}:${slug.toLowerCase()}`;
}
