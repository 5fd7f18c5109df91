import { SearchTerm } from '../repository/event-list.query';

/** WP core `get_search_stopwords()` (English). */
const STOPWORDS = new Set('about an are as at be by com for from how in is it of on or that the this to was what when where who will with www'.split(' '));

/**
 * WP core `WP_Query::parse_search` (lists-and-filters.md §2.4): quoted phrases are one term, other
 * text splits at spaces, tabs, commas and `+`; one-letter terms, `-` and stop-words are dropped; when
 * nothing or more than 9 terms remain the whole string is one term. A leading `-` excludes.
 */
export function searchTerms(search: string): SearchTerm[] {
  const text = search.replace(/[\r\n]/g, '');
  const raw = [...text.matchAll(/".*?("|$)|((?<=[\t ",+])|^)[^\t ",+]+/g)].map((m) => m[0]);
  const kept: string[] = [];
  for (const match of raw) {
    const term = /^".+"$/.test(match) ? match.replace(/^["']+|["']+$/g, '') : match.replace(/^["' ]+|["' ]+$/g, '');
    if (!term || /^[a-z-]$/i.test(term)) continue;
    if (STOPWORDS.has(term.toLowerCase())) continue;
    kept.push(term);
  }
  const terms = kept.length === 0 || kept.length > 9 ? [text] : kept;
  return terms.map((term) => (term.startsWith('-') ? { text: term.slice(1), exclude: true } : { text: term, exclude: false }));
}
