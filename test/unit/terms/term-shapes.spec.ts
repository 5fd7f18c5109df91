import { CATEGORIES } from '../../../src/categories/categories.taxonomy';
import { TAGS } from '../../../src/tags/tags.taxonomy';
import { TermLinks, TermLinkSettings } from '../../../src/terms/term-links';
import { ancestorSlugs, embeddedTerm, endpointTerm } from '../../../src/terms/term-shapes';
import { TermRow } from '../../../src/wordpress/terms.store';

const REST = 'https://example.org/wp-json/tribe/events/v1';
const settings: TermLinkSettings = { restBase: REST, publicBase: 'https://example.org', structure: '/%postname%/', tagBase: '', eventsSlug: 'events' };
const links = new TermLinks(settings);

const category: TermRow = {
  term_id: 12,
  name: 'foo',
  slug: 'foo-bar',
  term_group: 0,
  term_taxonomy_id: 14,
  taxonomy: 'tribe_events_cat',
  description: 'Term description',
  parent: 11,
  count: 2,
};

describe('term representations', () => {
  it('builds the endpoint shape of terms.md §1, in its key order', () => {
    const shape = endpointTerm(category, CATEGORIES, links, ['foo-parent']);
    expect(JSON.stringify(shape)).toBe(
      JSON.stringify({
        id: 12,
        count: 2,
        description: 'Term description',
        name: 'foo',
        slug: 'foo-bar',
        taxonomy: 'tribe_events_cat',
        parent: 11,
        meta: [],
        url: 'https://example.org/events/category/foo-parent/foo-bar/',
        urls: { self: `${REST}/categories/12`, collection: `${REST}/categories`, up: `${REST}/categories/11` },
      }),
    );
  });

  it('leaves `parent` and `up` out for tags', () => {
    const tag = { ...category, taxonomy: 'post_tag', parent: 0 };
    const shape = endpointTerm(tag, TAGS, links);
    expect(Object.keys(shape)).toEqual(['id', 'count', 'description', 'name', 'slug', 'taxonomy', 'meta', 'url', 'urls']);
    expect(shape.urls).toEqual({ self: `${REST}/tags/12`, collection: `${REST}/tags` });
    expect(shape.url).toBe('https://example.org/tag/foo-bar/');
  });

  it('builds the different shape embedded in events (events.md §1.2, Quirk Q4)', () => {
    expect(JSON.stringify(embeddedTerm(category, CATEGORIES, links))).toBe(
      JSON.stringify({
        name: 'foo',
        slug: 'foo-bar',
        term_group: 0,
        term_taxonomy_id: 14,
        taxonomy: 'tribe_events_cat',
        description: 'Term description',
        parent: 11,
        count: 2,
        filter: 'raw',
        id: 12,
        urls: { self: `${REST}/categories/12`, collection: `${REST}/categories`, up: `${REST}/categories/11` },
      }),
    );
  });

  it('collects ancestor slugs root first and survives loops in foreign data', () => {
    const byId = new Map([
      [11, { slug: 'parent', parent: 10 }],
      [10, { slug: 'root', parent: 0 }],
      [20, { slug: 'a', parent: 21 }],
      [21, { slug: 'b', parent: 20 }],
    ]);
    expect(ancestorSlugs(category, byId)).toEqual(['root', 'parent']);
    expect(ancestorSlugs({ parent: 20 }, byId)).toEqual(['b', 'a']);
    expect(ancestorSlugs({ parent: 0 }, byId)).toEqual([]);
  });
});

describe('term archive URLs (formats.md §5.2)', () => {
  const url = (overrides: Partial<TermLinkSettings>, term: Pick<TermRow, 'slug' | 'taxonomy'>, ancestors: string[] = []) =>
    new TermLinks({ ...settings, ...overrides }).archiveUrl(term, ancestors);
  const tag = { slug: 'jazz', taxonomy: 'post_tag' };
  const cat = { slug: 'jazz', taxonomy: 'tribe_events_cat' };

  it('follows the permalink structure, its front and trailing slash', () => {
    expect(url({}, tag)).toBe('https://example.org/tag/jazz/');
    expect(url({ structure: '/blog/%year%/%postname%' }, tag)).toBe('https://example.org/blog/tag/jazz');
    expect(url({ structure: '/blog/%postname%/' }, cat, ['music'])).toBe('https://example.org/events/category/music/jazz/');
    expect(url({ structure: '/index.php/%postname%/' }, cat)).toBe('https://example.org/index.php/events/category/jazz/');
  });

  it('uses tag_base without the front, and the TEC events slug', () => {
    expect(url({ tagBase: 'topics', structure: '/blog/%postname%/' }, tag)).toBe('https://example.org/topics/jazz/');
    expect(url({ eventsSlug: 'agenda' }, cat)).toBe('https://example.org/agenda/category/jazz/');
  });

  it('falls back to query links without pretty permalinks', () => {
    expect(url({ structure: '' }, tag)).toBe('https://example.org/?tag=jazz');
    expect(url({ structure: '' }, cat, ['music'])).toBe('https://example.org/?tribe_events_cat=jazz');
  });
});
