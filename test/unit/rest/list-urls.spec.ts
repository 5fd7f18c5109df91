import { buildUrl, listQuery, withPage } from '../../../src/rest/pagination/list-urls';
import { listEnvelope } from '../../../src/resources/pagination.interceptor';
import { RestArg } from '../../../src/rest/params/rest-arg.decorator';
import { RestError } from '../../../src/reasons/rest-error';

const known = new Set(['page', 'per_page', 'search', 'categories']);
const URL = 'https://example.org/wp-json/tribe/events/v1/events/';

describe('list navigation URLs', () => {
  it('keeps recognised parameters in request order and appends page and per_page', () => {
    expect(listQuery('search=a+b&utm=1&categories[]=3&categories[]=4', known, 1, 10)).toEqual([
      ['search', 'a b'],
      ['categories', '3,4'],
      ['page', '1'],
      ['per_page', '10'],
    ]);
  });

  it('replaces page and per_page in place with their effective values', () => {
    expect(listQuery('per_page=500&page=2&search=x', known, 2, 50)).toEqual([
      ['per_page', '50'],
      ['page', '2'],
      ['search', 'x'],
    ]);
  });

  it('percent-encodes values (RFC 3986) and drops page for the previous of page 2', () => {
    const pairs = listQuery('search=a b:c', known, 2, 10);
    expect(buildUrl(URL, pairs)).toBe(`${URL}?search=a%20b%3Ac&page=2&per_page=10`);
    expect(buildUrl(URL, withPage(pairs, undefined))).toBe(`${URL}?search=a%20b%3Ac&per_page=10`);
    expect(buildUrl(URL, withPage(pairs, 3))).toBe(`${URL}?search=a%20b%3Ac&page=3&per_page=10`);
  });
});

class Args {
  @RestArg({ type: 'integer', description: 'Page' }) page: number;
  @RestArg({ type: 'integer', description: 'Per page' }) per_page: number;
}

describe('the list envelope', () => {
  const posts = { collection: 'events', layout: 'posts' as const, args: Args, pageNotFound: { code: 'event-archive-page-not-found', message: 'x' } };
  const terms = { collection: 'tags', layout: 'terms' as const, args: Args };

  it('orders post-list keys records first and sets the totals headers', () => {
    const { body, headers } = listEnvelope(posts, { items: [1, 2], total: 5, page: 1, perPage: 2 }, URL, '');
    expect(Object.keys(body)).toEqual(['events', 'rest_url', 'next_rest_url', 'total', 'total_pages']);
    expect(body.total_pages).toBe(3);
    expect(headers).toEqual({ 'X-TEC-Total': '5', 'X-TEC-TotalPages': '3', 'X-WP-Total': '5', 'X-WP-TotalPages': '3' });
  });

  it('gives the last page only a previous URL', () => {
    const { body } = listEnvelope(posts, { items: [5], total: 5, page: 3, perPage: 2 }, URL, 'page=3&per_page=2');
    expect(body).not.toHaveProperty('next_rest_url');
    expect(body.previous_rest_url).toBe(`${URL}?page=2&per_page=2`);
  });

  it('throws the resource’s 404 for an empty post-list page beyond the first', () => {
    expect(() => listEnvelope(posts, { items: [], total: 2, page: 2, perPage: 2 }, URL, '')).toThrow(RestError);
  });

  it('answers a term-list page beyond the last with an empty page and a previous URL', () => {
    const { body } = listEnvelope(terms, { items: [], total: 2, page: 4, perPage: 2 }, URL, 'page=4&per_page=2');
    expect(Object.keys(body)).toEqual(['rest_url', 'total', 'total_pages', 'tags', 'previous_rest_url']);
    expect(body.previous_rest_url).toBe(`${URL}?page=3&per_page=2`);
  });
});
