import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { DATA_VERSION_SHARDS } from '../../src/cache/repository/data-version.repository';
import { PostsStore } from '../../src/wordpress/posts.store';
import { sanitizeTitle } from '../../src/wordpress/slugs';
import { insertEvent } from '../e2e/events-test-helpers';
import { dataVersionSum } from '../support/data-version';
import { EVENTS, MINIMAL } from '../e2e/events-write-helpers';
import { ADMIN, startTestApp, TestApp } from '../support/test-app';

// Issue #23 on MariaDB, where writers run side by side: a writer choosing a slug holds up only the
// writers that want that slug (no longer every writer of the post type until its commit), and
// concurrent writers bump different data-version rows.
jest.setTimeout(60_000);

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** A create sent at once (a supertest request only starts when awaited). */
const create = async (title: string) =>
  t.http
    .post(EVENTS)
    .set('Authorization', ADMIN)
    .send({ ...MINIMAL, title });

/** Opens a write transaction that takes `title`'s slug for a new event and stays open until `release()`. */
async function holdSlug(title: string): Promise<{ slug: string; release: () => Promise<void> }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let taken!: (slug: string) => void;
  const slug = new Promise<string>((resolve) => (taken = resolve));
  const open = t.db.transaction(async () => {
    const name = await t.app.get(PostsStore).uniqueSlug(sanitizeTitle(title), 'tribe_events', 0, 'publish');
    await insertEvent(t, { title, slug: name });
    taken(name);
    await released;
  });
  return {
    slug: await slug,
    release: async () => {
      release();
      await open;
    },
  };
}

describe('the slug lock', () => {
  it('lets a create with another title through while a writer holds its slug, and holds one with the same title until that commit', async () => {
    const holder = await holdSlug('Held Title');
    expect(holder.slug).toBe('held-title');
    try {
      const timeout = new AbortController();
      const waited = sleep(5_000, 'waited', { signal: timeout.signal }).catch(() => 'not waited');
      const other = await Promise.race([create('Another Title'), waited]);
      timeout.abort();
      expect(other).toMatchObject({ status: 201, body: { slug: 'another-title' } });

      let same: { status: number; body: { slug: string } } | undefined;
      const sameTitle = create('Held Title').then((res) => (same = res));
      await sleep(1_000);
      expect(same).toBeUndefined();
      await holder.release();
      await sameTitle;
      expect(same).toMatchObject({ status: 201, body: { slug: 'held-title-2' } });
    } finally {
      await holder.release();
    }
  });

  it('holds a title whose own slug is the numbered slug a writer just picked for another title ("Overlap 2" after "Overlap")', async () => {
    expect((await create('Overlap')).body.slug).toBe('overlap');
    const holder = await holdSlug('Overlap');
    expect(holder.slug).toBe('overlap-2');
    try {
      const numbered = create('Overlap 2');
      await sleep(1_000);
      await holder.release();
      expect((await numbered).body.slug).toBe('overlap-2-2');
    } finally {
      await holder.release();
    }
  });
});

describe('the data version', () => {
  it('moves once per write when 8 writers commit side by side, on more than one of its rows', async () => {
    const table = t.db.sql.table('eca_cache_state');
    const rows = async () =>
      (await t.db.sql.rows<{ id: number; version: number }>(`SELECT id, version FROM ${table} ORDER BY id`)).map((r) => Number(r.version));
    const before = await rows();
    expect(before).toHaveLength(DATA_VERSION_SHARDS);
    const version = (await dataVersionSum(t))!;
    const responses = await Promise.all(Array.from({ length: 8 }, (_, i) => create(`Side by side ${i}`)));
    expect(responses.map((r) => r.status)).toEqual(Array(8).fill(201));
    expect(await dataVersionSum(t)).toBe(version + 8);
    const after = await rows();
    expect(after.filter((v, i) => v !== before[i]).length).toBeGreaterThan(1);
  });
});

it('writes reuse their row parsers: no statement names a result column after the values it was sent (mysql2 compiles a parser per column name)', async () => {
  // The one parser cache of the app's mysql2 (the app runs in this process; the package exports no such path).
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const parsers = require(join(dirname(require.resolve('mysql2')), 'lib/parsers/parser_cache.js')) as { getParser: (...args: unknown[]) => unknown };
  const getParser = parsers.getParser;
  let compiled = 0;
  const spy = jest.spyOn(parsers, 'getParser').mockImplementation((...args: unknown[]) => {
    const compile = args[4] as (...a: unknown[]) => unknown;
    return getParser(...args.slice(0, 4), (...a: unknown[]) => (compiled++, compile(...a)));
  });
  try {
    // Every statement shape once (the second create also reads the journal row the first one left).
    for (const title of ['Parsers warm', 'Parsers warmer']) expect((await create(title)).status).toBe(201);
    compiled = 0;
    for (const title of ['Parsers one', 'Parsers two', 'Parsers three']) expect((await create(title)).status).toBe(201);
    expect(compiled).toBe(0);
  } finally {
    spy.mockRestore();
  }
});
