import fc from 'fast-check';
import { entityTagOf } from '../../../src/cache/conditional-get';
import { withCurrentCounts } from '../../../src/cache/counts-at-replay';
import type { CachedAnswer } from '../../../src/cache/response-cache';
import { answerBytes, JsonText } from '../../../src/rest/json-text';

/** A list item's JSON text with its term counts' places, as EventTexts makes them. */
function item(name: string, terms: readonly [number, number][]): JsonText {
  let text = `{"name":${JSON.stringify(name)},"categories":[`;
  const counts = terms.map(([termTaxonomyId, count], index) => {
    text += `${index ? ',' : ''}{"id":${termTaxonomyId},"count":`;
    const place = { at: text.length, length: String(count).length, termTaxonomyId, count };
    text += `${count}}`;
    return place;
  });
  return new JsonText(`${text}]}`, counts);
}

/** The answer of a page of `items` as the response cache keeps it. */
function kept(items: JsonText[]): CachedAnswer {
  const { bytes, counts } = answerBytes({ events: items, total: items.length });
  const headers: CachedAnswer['headers'] = [
    ['X-WP-Total', String(items.length)],
    ['Content-Length', bytes.length],
    ['ETag', entityTagOf(bytes, (name) => (name === 'x-wp-total' ? String(items.length) : undefined))],
  ];
  return { generation: 1, dependencies: new Set(), created: 0, headers, body: bytes, etag: headers[2][1] as string, counts };
}

const terms = fc.array(fc.tuple(fc.integer({ min: 1, max: 6 }), fc.nat({ max: 100_000 })), { maxLength: 4 });
const page = fc.array(fc.tuple(fc.string({ unit: 'binary' }), terms), { maxLength: 6 });

describe('term counts put in at replay (src/cache/counts-at-replay.ts)', () => {
  it('gives exactly the answer written with the current counts, its ETag and length (a property)', () => {
    fc.assert(
      fc.property(page, fc.dictionary(fc.integer({ min: 1, max: 6 }).map(String), fc.nat({ max: 100_000 })), (items, moved) => {
        const current = new Map(Object.entries(moved).map(([id, count]) => [Number(id), count]));
        const replayed = withCurrentCounts(kept(items.map(([name, counts]) => item(name, counts))), current);
        const expected = kept(
          items.map(([name, counts]) =>
            item(
              name,
              counts.map(([id, count]) => [id, current.get(id) ?? count]),
            ),
          ),
        );
        expect(replayed.body.equals(expected.body)).toBe(true);
        expect(replayed.counts).toEqual(expected.counts);
        expect(replayed.etag).toBe(expected.etag);
        expect(replayed.headers).toEqual(expected.headers);
      }),
    );
  });

  it('hands back the kept answer itself when no count moved', () => {
    const answer = kept([item('Ünïcode ☃', [[3, 9]]), item('b', [[4, 10]])]);
    expect(withCurrentCounts(answer, new Map([[3, 9]]))).toBe(answer);
    expect(answer.body.toString('utf8', answer.counts[1].at, answer.counts[1].at + answer.counts[1].length)).toBe('10');
  });

  it('takes the counts of a text read as a value as its content (asValue runs)', () => {
    let read = 0;
    const text = new JsonText('{"count":4}', [{ at: 9, length: 1, termTaxonomyId: 2, count: 4 }], () => read++);
    expect(answerBytes({ events: [text] }).counts).toEqual([{ at: 20, length: 1, termTaxonomyId: 2, count: 4 }]);
    expect(read).toBe(0);
    expect(JSON.stringify({ events: [text] })).toBe('{"events":[{"count":4}]}');
    expect(read).toBe(1);
  });
});
