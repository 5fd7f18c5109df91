import fc from 'fast-check';
import { changedTextKeys, searchTermKey } from '../../src/events/search-grams';
import { PostsStore } from '../../src/wordpress/posts.store';
import { SITE, startTestApp, TestApp } from '../support/test-app';

// The keys of search-grams.ts held against the database's own LIKE, on the posts table's own column
// (MariaDB: WordPress's case- and accent-insensitive collation; SQLite: ASCII case folding): whenever
// a term matches a text there, the key the term's search declares is among those a change of the text
// names — or the text names every search. Texts and terms are drawn from characters a collation may
// equate or ignore (accents, ligatures, `ß`, control characters, line breaks).
jest.setTimeout(120_000);

const PLAIN = ['a', 'A', 'b', 'B', 'e', 'E', 'f', 'i', 's', 'S', ' ', ',', '%', '_', '!', '\n', '\t'];
const OTHER = ['é', 'É', 'ﬁ', 'ß', '\u0001'];
const character = fc.oneof({ arbitrary: fc.constantFrom(...PLAIN), weight: 9 }, { arbitrary: fc.constantFrom(...OTHER), weight: 1 });
const text = (min: number, max: number) => fc.array(character, { minLength: min, maxLength: max }).map((chars) => chars.join(''));

/** Where a term is cut from a text, and how its letters are changed. */
const picks = fc.record({
  text: fc.nat(),
  from: fc.nat(),
  length: fc.integer({ min: 1, max: 5 }),
  change: fc.array(fc.nat({ max: 3 }), { minLength: 5, maxLength: 5 }),
});
const ALIKE: Record<string, string[]> = { a: ['A'], e: ['E', 'é', 'É'], s: ['S', 'ß'], f: ['F'], i: ['I'], b: ['B'] };

function termFrom(source: string, pick: { from: number; length: number; change: number[] }): string {
  const from = pick.from % source.length;
  return [...source.slice(from, from + pick.length)]
    .map((c, i) => {
      const alike = ALIKE[c.toLowerCase()];
      return alike && pick.change[i] ? [c.toLowerCase(), ...alike][pick.change[i] % (alike.length + 1)] : c;
    })
    .join('');
}

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

it('names the key of every term the database finds in a changed text (a property)', async () => {
  const posts = t.app.get(PostsStore);
  const table = t.db.sql.table('posts');
  await fc.assert(
    fc.asyncProperty(fc.uniqueArray(text(1, 14), { minLength: 1, maxLength: 16 }), fc.array(picks, { minLength: 1, maxLength: 16 }), async (texts, chosen) => {
      // Terms cut from the texts, letters' case or accents changed: most find texts; random ones rarely would.
      const terms = [...new Set(chosen.map((pick) => termFrom(texts[pick.text % texts.length], pick)))].filter((term) => term.length > 0);
      await t.db.sql.run(`DELETE FROM ${table} WHERE post_type = 'eca_probe'`);
      const ids = new Map<number, string>();
      await t.db.transaction(async () => {
        for (const title of texts) {
          const at = '2026-01-01 10:00:00';
          const id = await posts.insert({
            post_type: 'eca_probe',
            post_status: 'draft',
            post_author: 1,
            post_title: title,
            post_name: `probe-${ids.size}`,
            post_date: at,
            post_date_gmt: at,
            post_modified: at,
            post_modified_gmt: at,
            guid: (n) => `${SITE}/?p=${n}`,
          });
          ids.set(id, title);
        }
      });
      for (const term of terms) {
        const pattern = `%${term.replace(/[!%_]/g, (c) => `!${c}`)}%`;
        const found = await t.db.sql.rows<{ ID: number }>(`SELECT ID FROM ${table} WHERE post_type = 'eca_probe' AND post_title LIKE ? ESCAPE '!'`, [pattern]);
        for (const { ID } of found) {
          const keys = changedTextKeys([ids.get(Number(ID))!]);
          if (keys) expect({ term, text: ids.get(Number(ID)), named: keys.includes(searchTermKey(term)) }).toMatchObject({ named: true });
        }
      }
    }),
    { numRuns: 40 },
  );
});
