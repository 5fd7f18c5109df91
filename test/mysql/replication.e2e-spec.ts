import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import TestAgent from 'supertest/lib/agent';
import { createApp } from '../../src/app/app.factory';
import { REPLICA_RETRY_MS } from '../../src/database/replica';
import { STICKY_PRIMARY_MS } from '../../src/database/write-fence';
import { PrivateMariaDb } from '../support/private-mariadb';
import { ADMIN, ADMIN_PASSWORD, ADMIN_USER, BASE, SITE } from '../support/test-app';

// Read replicas (issue #6) on two PRIVATE MariaDB servers: a primary with a binary log and a real
// replica of it (GTID replication over loopback). Which server answers is told by data that differs
// between them: the replica's SQL thread is stopped and a row changed on the replica only.
jest.setTimeout(120_000);

const DB = 'eca_replication';
let primary: PrivateMariaDb;
let replica: PrivateMariaDb;
let app: NestExpressApplication;
let http: TestAgent;
const logLines: string[] = [];

/** Waits until the replica has applied everything the primary has written so far. */
async function caughtUp(): Promise<void> {
  const [[{ position }]] = (await primary.with((c) => c.query('SELECT @@gtid_binlog_pos AS position'))) as unknown as [[{ position: string }]];
  const [[{ reached }]] = (await replica.with((c) => c.query('SELECT MASTER_GTID_WAIT(?, 20) AS reached', [position]))) as unknown as [[{ reached: number }]];
  expect(reached).toBe(0);
}

async function titleOn(server: PrivateMariaDb, id: number): Promise<string | undefined> {
  const [rows] = (await server.with((c) => c.query(`SELECT post_title FROM ${DB}.wp_posts WHERE ID = ?`, [id]))) as unknown as [{ post_title: string }[]];
  return rows[0]?.post_title;
}

const anonymousVenue = async (id: number) => (await http.get(`${BASE}/venues/${id}`).expect(200)).body.venue as string;
const adminVenue = async (id: number) => (await http.get(`${BASE}/venues/${id}`).set('Authorization', ADMIN).expect(200)).body.venue as string;
const replicaWarnings = () => logLines.filter((line) => line.includes('Read replica'));

function bootApp(databaseUrl: string, env: Record<string, string> = {}): Promise<NestExpressApplication> {
  return createApp(
    {
      DATABASE_URL: databaseUrl,
      SITE_URL: SITE,
      ADMIN_USER,
      ADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
      // This file tells which server answered each read; a response cache would answer repeated
      // anonymous reads from memory instead. It tells them apart by a title written on the replica
      // alone, which no write journals: the read model would go on answering its row (as it does for a
      // raw-SQL write, READ_MODEL_MAX_AGE_SECONDS), so these instances read without it.
      RESPONSE_CACHE_TTL_SECONDS: '0',
      READ_MODEL: 'false',
      ...env,
    },
    [],
    { logDestination: { write: (line: string) => void logLines.push(line) } },
  );
}

describe('MariaDB primary with a read replica (DATABASE_REPLICA_URLS)', () => {
  beforeAll(async () => {
    const servers = await Promise.allSettled([
      PrivateMariaDb.create(['--log-bin', '--server-id=1', '--binlog-format=ROW']),
      PrivateMariaDb.create(['--skip-log-bin', '--server-id=2', '--read-only']),
    ]);
    // If one failed to start, the other must not outlive the test run.
    const failed = servers.find((s) => s.status === 'rejected');
    if (failed) {
      await Promise.all(servers.map((s) => s.status === 'fulfilled' && s.value.remove()));
      throw failed.reason;
    }
    [primary, replica] = servers.map((s) => (s as PromiseFulfilledResult<PrivateMariaDb>).value);
    await replica.with(async (c) => {
      await c.query(`CHANGE MASTER TO MASTER_HOST='127.0.0.1', MASTER_PORT=${primary.port}, MASTER_USER='root', MASTER_USE_GTID=slave_pos`);
      await c.query('START SLAVE');
    });
    // Created after replication started: the database, the migrations and every write replicate.
    await primary.with((c) => c.query(`CREATE DATABASE ${DB} CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_520_ci`));
    app = await bootApp(primary.url(DB), { DATABASE_REPLICA_URLS: replica.url(DB) });
    http = request(app.getHttpServer());
    await caughtUp();
  });

  afterAll(async () => {
    await app?.close();
    await Promise.all([primary?.remove(), replica?.remove()]);
  });

  let hall: number;

  it('sends anonymous reads to the replica and authenticated reads to the primary', async () => {
    hall = (await http.post(`${BASE}/venues`).set('Authorization', ADMIN).send({ venue: 'Hall' }).expect(201)).body.id;
    await caughtUp();
    expect(await titleOn(replica, hall)).toBe('Hall');

    await replica.with(async (c) => {
      await c.query('STOP SLAVE');
      await c.query(`UPDATE ${DB}.wp_posts SET post_title = 'Hall (replica copy)' WHERE ID = ?`, [hall]);
    });
    expect(await anonymousVenue(hall)).toBe('Hall (replica copy)');
    const list = await http.get(`${BASE}/venues`).expect(200);
    expect(list.body.venues.map((v: { venue: string }) => v.venue)).toContain('Hall (replica copy)');
    expect((await http.head(`${BASE}/venues/${hall}`)).status).toBe(200);
    expect(await adminVenue(hall)).toBe('Hall');
  });

  it('writes to the primary, and reads this instance’s own write from the primary until the replica has it', async () => {
    const annex = (await http.post(`${BASE}/venues`).set('Authorization', ADMIN).send({ venue: 'Annex' }).expect(201)).body.id;
    expect([await titleOn(primary, annex), await titleOn(replica, annex)]).toEqual(['Annex', undefined]);

    // The stopped replica lacks the write: anonymous reads of this instance now come from the primary.
    expect(await anonymousVenue(annex)).toBe('Annex');
    expect(await anonymousVenue(hall)).toBe('Hall');

    await replica.with((c) => c.query('START SLAVE'));
    await caughtUp();
    expect(await anonymousVenue(hall)).toBe('Hall (replica copy)');
    expect(await anonymousVenue(annex)).toBe('Annex');
  });

  it('answers from the primary while the replica is down, and uses the replica again once it is back', async () => {
    await replica.kill();
    const started = Date.now();
    expect(await anonymousVenue(hall)).toBe('Hall');
    expect((await http.get(`${BASE}/venues`).expect(200)).body.venues).toHaveLength(2);
    expect(await anonymousVenue(hall)).toBe('Hall');
    expect(Date.now() - started).toBeLessThan(REPLICA_RETRY_MS);

    // One warning for the failure (the replica is then skipped), naming the server but no credentials.
    expect(replicaWarnings()).toHaveLength(1);
    expect(replicaWarnings()[0]).toContain(`127.0.0.1:${replica.port}/${DB}`);
    expect(replicaWarnings()[0]).not.toMatch(/mysql:|root@/);

    await replica.start();
    let answer = '';
    for (let i = 0; i < 60 && answer !== 'Hall (replica copy)'; i++) {
      await new Promise((r) => setTimeout(r, 250));
      answer = await anonymousVenue(hall);
    }
    expect(answer).toBe('Hall (replica copy)');
  });

  it('two instances with response caches reading the replica: a write through one reaches the other once the replica has it, and retires only what it touched', async () => {
    // With the read model: its rows are read from the replica too, and kept only by reads that looked there first.
    const env = { DATABASE_REPLICA_URLS: replica.url(DB), RESPONSE_CACHE_TTL_SECONDS: '3600', READ_MODEL: 'true' };
    const [a, b] = [await bootApp(primary.url(DB), env), await bootApp(primary.url(DB), env)];
    try {
      const venueOn = async (on: NestExpressApplication, id: number) => (await request(on.getHttpServer()).get(`${BASE}/venues/${id}`).expect(200)).body.venue;
      const create = async (venue: string) =>
        (await request(a.getHttpServer()).post(`${BASE}/venues`).set('Authorization', ADMIN).send({ venue }).expect(201)).body.id as number;
      await replica.with((c) => c.query('START SLAVE'));
      const [stage, foyer] = [await create('Stage'), await create('Foyer')];
      await caughtUp();
      expect([await venueOn(b, stage), await venueOn(b, foyer)]).toEqual(['Stage', 'Foyer']);
      // A copy only the replica has, so a read of the foyer that reaches the database would show it.
      await replica.with(async (c) => {
        await c.query('STOP SLAVE');
        await c.query(`UPDATE ${DB}.wp_posts SET post_title = 'Foyer (replica copy)' WHERE ID = ?`, [foyer]);
      });
      await request(a.getHttpServer()).post(`${BASE}/venues/${stage}`).set('Authorization', ADMIN).send({ venue: 'Stage, rebuilt' }).expect(200);
      // Until the replica has the write, B's readers see what the replica holds (the documented lag).
      expect(await venueOn(b, stage)).toBe('Stage');
      await replica.with((c) => c.query('START SLAVE'));
      await caughtUp();
      expect([await venueOn(b, stage), await venueOn(b, foyer)]).toEqual(['Stage, rebuilt', 'Foyer']);
    } finally {
      await a.close();
      await b.close();
    }
  });
});

describe('a primary without replication positions (binary log off)', () => {
  let server: PrivateMariaDb;
  let sticky: NestExpressApplication;
  const names = async () => (await request(sticky.getHttpServer()).get(`${BASE}/venues`).expect(200)).body.venues.map((v: { venue: string }) => v.venue);

  // Two databases of one server stand for the primary and a replica whose data differs from it.
  beforeAll(async () => {
    server = await PrivateMariaDb.create(['--skip-log-bin']);
    await server.with(async (c) => {
      for (const db of ['eca_primary', 'eca_copy']) await c.query(`CREATE DATABASE ${db} CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_520_ci`);
    });
    const seeding = await bootApp(server.url('eca_copy'));
    await request(seeding.getHttpServer()).post(`${BASE}/venues`).set('Authorization', ADMIN).send({ venue: 'Only in the copy' }).expect(201);
    await seeding.close();
    sticky = await bootApp(server.url('eca_primary'), { DATABASE_REPLICA_URLS: server.url('eca_copy') });
  });

  afterAll(async () => {
    await sticky?.close();
    await server?.remove();
  });

  /** Polls the anonymous venue list until it is `expected`; the milliseconds that took. */
  async function waitForNames(expected: string[]): Promise<number> {
    const started = Date.now();
    let current: string[] = [];
    while (Date.now() - started < STICKY_PRIMARY_MS + 3000) {
      current = await names();
      if (current.join() === expected.join()) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(current).toEqual(expected);
    return Date.now() - started;
  }

  it('keeps this instance on the primary for a fixed window after its write', async () => {
    // The boot wrote too (the bootstrap administrator): its window has to pass first.
    await waitForNames(['Only in the copy']);
    await request(sticky.getHttpServer()).post(`${BASE}/venues`).set('Authorization', ADMIN).send({ venue: 'On the primary' }).expect(201);
    expect(await names()).toEqual(['On the primary']);
    expect(await waitForNames(['Only in the copy'])).toBeGreaterThanOrEqual(STICKY_PRIMARY_MS - 500);
  });
});
