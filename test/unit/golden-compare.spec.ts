import { Answer, compareWithGolden, differences, NormaliseOptions, parseGoldenRequests } from '../support/golden-compare';

const NOW = new Date('2026-05-10T12:00:00Z');
const OPTIONS: NormaliseOptions = { server: { origin: 'http://127.0.0.1:3000', restRoot: 'http://127.0.0.1:3000/wp-json' }, now: NOW };
const answer = (body: unknown, status = 200, headers: Record<string, string> = {}): Answer => ({ status, headers, body });
const compare = (golden: unknown, ours: unknown, options: Partial<NormaliseOptions> = {}) =>
  compareWithGolden(answer(golden), answer(ours), { ...OPTIONS, ...options });

describe('golden comparison', () => {
  it('reads the request list, skipping comments and blank lines', () => {
    expect(parseGoldenRequests('# name path\nvenue-5 /venues/5\n\n  tags /tags?per_page=20  \n')).toEqual([
      { name: 'venue-5', path: '/venues/5' },
      { name: 'tags', path: '/tags?per_page=20' },
    ]);
  });

  describe('reports a difference', () => {
    it('in a value, with its path', () => {
      expect(compare({ venues: [{ id: 5, city: 'Portland' }] }, { venues: [{ id: 5, city: 'Boston' }] })).toEqual([
        '$.body.venues[0].city: expected "Portland", got "Boston"',
      ]);
    });

    it('in a type, a length, a missing or an extra key', () => {
      expect(compare({ a: 1, b: [1, 2], c: null, d: 'x' }, { a: '1', b: [1], c: {}, e: 'x' })).toEqual([
        '$.body.a: expected 1, got "1"',
        '$.body.b: expected 2 items, got 1',
        '$.body.c: expected null, got {}',
        '$.body.d: missing',
        '$.body.e: unexpected',
      ]);
    });

    it('in the status and in a header the golden recorded', () => {
      const golden = answer({}, 200, { 'x-tec-total': '20' });
      expect(compareWithGolden(golden, answer({}, 404, { 'x-tec-total': '19' }), OPTIONS)).toEqual([
        '$.status: expected 200, got 404',
        '$.headers.x-tec-total: expected "20", got "19"',
      ]);
      expect(compareWithGolden(golden, answer({}, 200, {}), OPTIONS)).toEqual(['$.headers.x-tec-total: missing']);
    });

    it('in an error code, a foreign origin, a date outside the default window, a page', () => {
      expect(
        compare({ code: 'rest_invalid', message: 'Bad.', data: { status: 400 } }, { code: 'rest_other', message: 'Bad.', data: { status: 400 } }),
      ).toHaveLength(1);
      expect(compare({ url: '{SITE}/venue/a/' }, { url: 'http://example.org/venue/a/' })).toHaveLength(1);
      expect(compare({ rest_url: '{REST}/e?start_date={NOW}' }, { rest_url: 'http://127.0.0.1:3000/wp-json/e?start_date=2026-01-01 00:00:00' })).toHaveLength(
        1,
      );
      expect(compare({ total: 3, next_rest_url: '{REST}/e?page=2' }, { total: 3, next_rest_url: 'http://127.0.0.1:3000/wp-json/e/?page=3' })).toHaveLength(1);
      expect(compare({ description: 'Theirs' }, { description: 'Ours' })).toHaveLength(1);
    });

    it('up to a limit', () => {
      const many = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`k${i}`, i]));
      expect(differences(many, {})).toHaveLength(12);
    });
  });

  describe('masks what the goldens do not hold', () => {
    it('our origin and REST prefix, key order and WordPress links', () => {
      expect(
        compare(
          { url: '{SITE}/venue/a/', rest_url: '{REST}/tribe/events/v1/venues/5', global_id: '{HOST}?id=5', b: 2, a: 1 },
          {
            a: 1,
            b: 2,
            _links: { self: [] },
            global_id: '127.0.0.1:3000?id=5',
            rest_url: 'http://127.0.0.1:3000/wp-json/tribe/events/v1/venues/5',
            url: 'http://127.0.0.1:3000/venue/a/',
          },
        ),
      ).toEqual([]);
    });

    it('HTML character references and &amp;', () => {
      expect(compare({ email: 'org1@example.com', name: 'Rock & Roll' }, { email: '&#111;&#x72;g1&#64;example.com', name: 'Rock &amp; Roll' })).toEqual([]);
    });

    it('dates of the default window in query strings and argument defaults', () => {
      expect(
        compare(
          { rest_url: '{REST}/x?start_date={NOW}&end_date={NOW+2Y}', args: { start_date: { default: '{NOW}' } }, date: '2026-05-10 12:00:00' },
          {
            rest_url: 'http://127.0.0.1:3000/wp-json/x?start_date=2026-05-10%2011%3A59%3A00&end_date=2028-05-11 00:00:00',
            args: { start_date: { default: '2026-05-09 23:00:00' } },
            date: '2026-05-10 12:00:00',
          },
        ),
      ).toEqual([]);
      // A stored date that happens to be today is not masked.
      expect(compare({ date: '{NOW}' }, { date: '2026-05-10 12:00:00' })).toHaveLength(1);
    });

    it('the filters of navigation links: only path and page are compared', () => {
      expect(
        compare(
          { total: 30, rest_url: '{REST}/tribe/events/v1/venues?page=1', next_rest_url: '{REST}/tribe/events/v1/venues?page=2' },
          {
            total: 30,
            rest_url: 'http://127.0.0.1:3000/wp-json/tribe/events/v1/venues/?page=1&per_page=10&search=a',
            next_rest_url: 'http://127.0.0.1:3000/wp-json/tribe/events/v1/venues/?per_page=10&page=2',
          },
        ),
      ).toEqual([]);
    });

    it('the wording of error messages and, in the index and /doc, of descriptions', () => {
      expect(
        compare({ code: 'rest_invalid', message: 'Theirs.', data: { status: 400 } }, { code: 'rest_invalid', message: 'Ours.', data: { status: 400 } }),
      ).toEqual([]);
      // The goldens hold a description's presence as {TEXT}.
      expect(compare({ args: { page: { description: '{TEXT}' } } }, { args: { page: { description: 'Ours' } } }, { descriptionsByPresence: true })).toEqual([]);
      expect(compare({ description: '' }, { description: 'Ours' }, { descriptionsByPresence: true })).toHaveLength(1);
    });
  });
});
