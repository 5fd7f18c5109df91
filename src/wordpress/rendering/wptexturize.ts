import { TEXTURIZE_SPLIT_REGEX } from './html-split';

/**
 * Port of WordPress `wptexturize()` (wp-includes/formatting.php, WP 6.x, English
 * translations) without shortcode awareness: this service registers no
 * shortcodes, so shortcode text is texturized like any other text.
 */

const OPENING_QUOTE = '&#8220;';
const CLOSING_QUOTE = '&#8221;';
const APOS = '&#8217;';
const PRIME = '&#8242;';
const DOUBLE_PRIME = '&#8243;';
const OPENING_SINGLE_QUOTE = '&#8216;';
const CLOSING_SINGLE_QUOTE = '&#8217;';
const EN_DASH = '&#8211;';
const EM_DASH = '&#8212;';

const OPEN_Q_FLAG = '<!--oq-->';
const OPEN_SQ_FLAG = '<!--osq-->';
const APOS_FLAG = '<!--apos-->';

/** `wp_spaces_regexp()` default. */
const SPACES = '[\\r\\n\\t ]|\\u00A0|&nbsp;';

const NO_TEXTURIZE_TAGS = ['pre', 'code', 'kbd', 'style', 'script', 'tt'];

const COCKNEY = ["'tain't", "'twere", "'twas", "'tis", "'twill", "'til", "'bout", "'nuff", "'round", "'cause", "'em"];

const STATIC_REPLACEMENTS: Array<[string, string]> = [
  ['...', '&#8230;'],
  ['``', OPENING_QUOTE],
  ["''", CLOSING_QUOTE],
  [' (tm)', ' &#8482;'],
  ...COCKNEY.map((word): [string, string] => [word, word.replace(/'/g, APOS)]),
];

type Rule = [RegExp, string];

const APOS_RULES: Rule[] = [
  // '99' and '99" are ambiguous; assume an abbreviated year at the end of a quotation.
  [new RegExp(`'(\\d\\d)'(?=(?![\\s\\S])|[.,:;!?)}\\-\\]]|&gt;|${SPACES})`, 'g'), `${APOS_FLAG}$1${CLOSING_SINGLE_QUOTE}`],
  [new RegExp(`'(\\d\\d)"(?=(?![\\s\\S])|[.,:;!?)}\\-\\]]|&gt;|${SPACES})`, 'g'), `${APOS_FLAG}$1${CLOSING_QUOTE}`],
  // '99 '99s '99's (apostrophe), but never '9 or '99% or '999 or '99.0.
  [/'(?=\d\d(?:(?![\s\S])|(?![%\d]|[.,]\d)))/g, APOS_FLAG],
  // Quoted numbers like '0.42'.
  [new RegExp(`(?<=^|${SPACES})'(\\d[.,\\d]*)'`, 'g'), `${OPEN_SQ_FLAG}$1${CLOSING_SINGLE_QUOTE}`],
  // Single quote at start, or preceded by (, {, <, [, ", -, or spaces.
  [new RegExp(`(?<=^|[([{"\\-]|&lt;|${SPACES})'`, 'g'), OPEN_SQ_FLAG],
  // Apostrophe in a word.
  [new RegExp(`(?<!${SPACES})'(?!(?![\\s\\S])|[.,:;!?"'(){}[\\]\\-]|&[lg]t;|${SPACES})`, 'g'), APOS_FLAG],
];

const QUOTE_RULES: Rule[] = [
  [new RegExp(`(?<=^|${SPACES})"(\\d[.,\\d]*)"`, 'g'), `${OPEN_Q_FLAG}$1${CLOSING_QUOTE}`],
  [new RegExp(`(?<=^|[([{\\-]|&lt;|${SPACES})"(?!${SPACES})`, 'g'), OPEN_Q_FLAG],
];

const DASH_RULES: Rule[] = [
  [/---/g, EM_DASH],
  [new RegExp(`(?<=^|${SPACES})--(?=$|${SPACES})`, 'g'), EM_DASH],
  [/(?<!xn)--/g, EN_DASH],
  [new RegExp(`(?<=^|${SPACES})-(?=$|${SPACES})`, 'g'), EN_DASH],
];

const AMPERSAND = /&(?!#(?:\d+|x[a-f0-9]+);|[a-z1-4]{1,8};)/gi;

function applyRules(text: string, rules: Rule[]): string {
  return rules.reduce((acc, [pattern, replacement]) => acc.replace(pattern, replacement), text);
}

function replaceAll(text: string, search: string, replacement: string): string {
  return text.split(search).join(replacement);
}

/** Port of `wptexturize_primes()`. */
function texturizePrimes(haystack: string, needle: string, prime: string, openQuote: string, closeQuote: string): string {
  const flag = '<!--wp-prime-or-quote-->';
  const quotePattern = new RegExp(`${needle}(?=(?![\\s\\S])|[.,:;!?)}\\-\\]]|&gt;|${SPACES})`, 'g');
  const primePattern = new RegExp(`(?<=\\d)${needle}`, 'g');
  const flagAfterDigit = new RegExp(`(?<=\\d)${flag}`, 'g');
  const flagNoDigit = new RegExp(`(?<!\\d)${flag}`, 'g');

  const sentences = haystack.split(openQuote).map((sentence, key) => {
    if (!sentence.includes(needle)) return sentence;
    if (key !== 0 && !sentence.includes(closeQuote)) {
      let count = 0;
      sentence = sentence.replace(quotePattern, () => {
        count++;
        return flag;
      });
      if (count > 1) {
        // Several closing-quote candidates: "Vulcan logic".
        let count2 = 0;
        sentence = sentence.replace(flagNoDigit, () => {
          count2++;
          return closeQuote;
        });
        if (count2 === 0) {
          const pos = sentence.includes(`${flag}.`) ? sentence.lastIndexOf(`${flag}.`) : sentence.lastIndexOf(flag);
          sentence = sentence.slice(0, pos) + closeQuote + sentence.slice(pos + flag.length);
        }
        sentence = sentence.replace(primePattern, prime);
        sentence = sentence.replace(flagAfterDigit, prime);
        sentence = replaceAll(sentence, flag, closeQuote);
      } else if (count === 1) {
        sentence = replaceAll(sentence, flag, closeQuote);
        sentence = sentence.replace(primePattern, prime);
      } else {
        sentence = sentence.replace(primePattern, prime);
      }
    } else {
      sentence = sentence.replace(primePattern, prime);
      sentence = sentence.replace(quotePattern, closeQuote);
    }
    if (needle === '"' && sentence.includes('"')) sentence = replaceAll(sentence, '"', closeQuote);
    return sentence;
  });
  return sentences.join(openQuote);
}

/** Port of `_wptexturize_pushpop_element()`. */
function pushPopElement(element: string, stack: string[]): void {
  let opening: boolean;
  let nameOffset: number;
  if (element.length > 1 && element[1] !== '/') {
    opening = true;
    nameOffset = 1;
  } else if (stack.length === 0) {
    return;
  } else {
    opening = false;
    nameOffset = 2;
  }
  const space = element.indexOf(' ');
  // PHP substr($text, $offset, -1) when there is no space, else up to the space.
  const tag = space === -1 ? element.slice(nameOffset, -1) : element.slice(nameOffset, space);
  if (!NO_TEXTURIZE_TAGS.includes(tag)) return;
  if (opening) stack.push(tag);
  else if (stack[stack.length - 1] === tag) stack.pop();
}

function texturizeText(text: string): string {
  let curl = STATIC_REPLACEMENTS.reduce((acc, [from, to]) => replaceAll(acc, from, to), text);
  if (curl.includes("'")) {
    curl = applyRules(curl, APOS_RULES);
    curl = texturizePrimes(curl, "'", PRIME, OPEN_SQ_FLAG, CLOSING_SINGLE_QUOTE);
    curl = replaceAll(curl, APOS_FLAG, APOS);
    curl = replaceAll(curl, OPEN_SQ_FLAG, OPENING_SINGLE_QUOTE);
  }
  if (curl.includes('"')) {
    curl = applyRules(curl, QUOTE_RULES);
    curl = texturizePrimes(curl, '"', DOUBLE_PRIME, OPEN_Q_FLAG, CLOSING_QUOTE);
    curl = replaceAll(curl, OPEN_Q_FLAG, OPENING_QUOTE);
  }
  if (curl.includes('-')) curl = applyRules(curl, DASH_RULES);
  // 9x9 (times), but never 0x9999 (PCRE's conditional rewritten as two alternatives).
  if (/(?<=\d)x\d/.test(curl)) {
    curl = curl.replace(/\b(0[\d.,]+|[1-9][\d.,]*)x(\d[\d.,]*)\b/g, '$1&#215;$2');
  }
  return curl.replace(AMPERSAND, '&#038;');
}

export function wptexturize(text: string): string {
  if (text === '') return text;
  const stack: string[] = [];
  return text
    .split(TEXTURIZE_SPLIT_REGEX)
    .map((curl, index) => {
      if (curl === '') return curl;
      // A shortcode tag (odd index: a delimiter) is left as written, normal or escaped (WordPress's `continue`).
      if (index % 2 === 1 && curl[0] === '[') return curl;
      if (curl[0] === '<') {
        if (curl.startsWith('<!--')) return curl;
        const element = curl.replace(AMPERSAND, '&#038;');
        pushPopElement(element, stack);
        return element;
      }
      if (curl.trim() === '') return curl;
      return stack.length === 0 ? texturizeText(curl) : curl;
    })
    .join('');
}
