import { bumpCacheVersion } from '../support/data-version';
import { ADMIN, BASE, startTestApp, TestApp } from '../support/test-app';
import { createTestDatabase, TestDatabase } from '../support/test-database';

// Two instances of the service on one MariaDB database, each with its own response cache (TTL one
// hour, so only the shared data version can explain a fresh answer): a write through one instance is
// seen at once by anonymous readers of the other (issue #6), and retires there only what it touched
// (issue #23: the journal row beside the data version).
const EVENTS = `${BASE}/events`;
const LIST = `${EVENTS}?start_date=2030-01-01&end_date=2030-12-31`;
const ENV = { RESPONSE_CACHE_TTL_SECONDS: '3600' };

let database: TestDatabase;
let a: TestApp;
let b: TestApp;

beforeAll(async () => {
  database = await createTestDatabase('mysql');
  a = await startTestApp({ database, env: ENV });
  b = await startTestApp({ database, env: ENV });
});

afterAll(async () => {
  await a?.close();
  await b?.close();
  await database?.drop();
});

const titles = async (t: TestApp) => (await t.http.get(LIST).expect(200)).body.events.map((e: { title: string }) => e.title);
const title = async (t: TestApp, id: number) => (await t.http.get(`${EVENTS}/${id}`).expect(200)).body.title as string;

describe('two instances sharing one MariaDB database', () => {
  it('sees a write made through the other instance at once, in lists and singles, both ways', async () => {
    expect([await titles(a), await titles(b)]).toEqual([[], []]);
    const created = await a.http
      .post(EVENTS)
      .set('Authorization', ADMIN)
      .send({ title: 'From A', start_date: '2030-02-01 10:00:00', end_date: '2030-02-01 11:00:00' });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    expect(await titles(b)).toEqual(['From A']);
    expect([await title(a, id), await title(b, id)]).toEqual(['From A', 'From A']);

    await b.http.post(`${EVENTS}/${id}`).set('Authorization', ADMIN).send({ title: 'Edited on B' }).expect(200);
    expect([await title(a, id), await titles(a)]).toEqual(['Edited on B', ['Edited on B']]);

    await a.http.delete(`${EVENTS}/${id}`).set('Authorization', ADMIN).expect(200);
    expect(await titles(b)).toEqual([]);
    expect((await b.http.get(`${EVENTS}/${id}`)).status).not.toBe(200);
  });

  it('sees a direct database write on every instance once the version is bumped', async () => {
    const created = await a.http
      .post(EVENTS)
      .set('Authorization', ADMIN)
      .send({ title: 'Plain', start_date: '2030-03-01 10:00:00', end_date: '2030-03-01 11:00:00' });
    const id = created.body.id as number;
    expect([await title(a, id), await title(b, id)]).toEqual(['Plain', 'Plain']);
    await a.db.sql.run(`UPDATE ${a.db.sql.table('posts')} SET post_title = ? WHERE ID = ?`, ['Written by WordPress', id]);
    expect([await title(a, id), await title(b, id)]).toEqual(['Plain', 'Plain']);
    await bumpCacheVersion(b);
    expect([await title(a, id), await title(b, id)]).toEqual(['Written by WordPress', 'Written by WordPress']);
  });

  it('keeps on B what a write through A did not touch: only what the write’s journal row names is retired', async () => {
    const create = async (title: string, day: number) =>
      (
        await a.http
          .post(EVENTS)
          .set('Authorization', ADMIN)
          .send({ title, start_date: `2030-05-0${day} 10:00:00`, end_date: `2030-05-0${day} 11:00:00` })
          .expect(201)
      ).body.id as number;
    const [one, two] = [await create('One', 1), await create('Two', 2)];
    expect([await title(b, one), await title(b, two)]).toEqual(['One', 'Two']);
    // Written as WordPress would, without the must-use plugin: no instance can know (the TTL bounds it).
    await a.db.sql.run(`UPDATE ${a.db.sql.table('posts')} SET post_title = ? WHERE ID = ?`, ['Two, by WordPress', two]);
    await a.http.post(`${EVENTS}/${one}`).set('Authorization', ADMIN).send({ title: 'One, edited on A' }).expect(200);
    expect([await title(b, one), await title(b, two)]).toEqual(['One, edited on A', 'Two']);
    await bumpCacheVersion(a);
    expect(await title(b, two)).toBe('Two, by WordPress');
  });

  it('never answers a reader on B with a title older than the last update A had finished when the read began', async () => {
    const created = await a.http
      .post(EVENTS)
      .set('Authorization', ADMIN)
      .send({ title: 'v0', start_date: '2030-04-01 10:00:00', end_date: '2030-04-01 11:00:00' });
    const id = created.body.id as number;
    let finished = 0;
    let writing = true;
    const writer = (async () => {
      for (let i = 1; i <= 30; i++) {
        await a.http
          .post(`${EVENTS}/${id}`)
          .set('Authorization', ADMIN)
          .send({ title: `v${i}` })
          .expect(200);
        finished = i;
      }
      writing = false;
    })();
    const stale: string[] = [];
    let reads = 0;
    const reader = async () => {
      while (writing) {
        const floor = finished;
        const seen = Number((await title(b, id)).slice(1));
        reads++;
        if (seen < floor) stale.push(`read v${seen} after v${floor} was written`);
      }
    };
    await Promise.all([writer, reader(), reader(), reader()]);
    expect(stale).toEqual([]);
    expect(reads).toBeGreaterThan(30);
    expect(await title(b, id)).toBe('v30');
  });
});
