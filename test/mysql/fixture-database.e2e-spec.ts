import { WORDPRESS_TABLES } from '../support/wordpress-tables';
import { ProbeModule } from '../support/probe.module';
import { basic, TestApp } from '../support/test-app';
import { TestDatabase, withMysql } from '../support/test-database';
import { loadFixtureDatabase, startFixtureApp } from '../support/fixture-app';

// The fixture's WordPress-created logins and application passwords (test/fixtures/README.md).
const LOGINS = {
  admin: '0Tu3Y7F7uMAXwNZuyGZt3X97',
  editor1: 'mMbwkDiyAmBAYzJ7Qg8ZHwLI',
  author1: 'Js901TEC9HVgFIfmjNssGWSq',
  contributor1: 'UDIAuF0FGTU7DKqYDt94JgxK',
  subscriber1: 'aRO4BVL5i60ijHlpGWpvKant',
};
const TABLES = WORDPRESS_TABLES.map((t) => `wp_${t}`);

/** The service's own date indexes on tec_occurrences (migration EventListIndexes): the one DDL change it makes. */
const OWN_INDEX = /,\n\s*KEY `eca_[a-z_]+` \((?:[^()]|\(\d+\))*\)/g;

/** DDL (less the service's own indexes) and content checksum of every WordPress table: proof that booting changed nothing else. */
async function snapshot(db: TestDatabase) {
  return withMysql(db, async (q) => {
    const result: Record<string, unknown> = {};
    for (const table of TABLES) {
      const [ddl] = await q(`SHOW CREATE TABLE \`${table}\``);
      const [sum] = await q(`CHECKSUM TABLE \`${table}\``);
      result[table] = { ddl: ddl['Create Table'].replace(/ AUTO_INCREMENT=\d+/, '').replace(OWN_INDEX, ''), checksum: sum.Checksum };
    }
    return result;
  });
}

describe('on a real WordPress + The Events Calendar database (MariaDB fixture)', () => {
  let db: TestDatabase;
  let t: TestApp;
  let before: Record<string, unknown>;

  beforeAll(async () => {
    db = await loadFixtureDatabase();
    before = await snapshot(db);
    t = (await startFixtureApp({ database: db, modules: [ProbeModule] })).t;
  });
  afterAll(async () => {
    await t.close();
    await db.drop();
  });

  it('boots without writing any WordPress table, or altering any beyond adding its own indexes', async () => {
    expect(await snapshot(db)).toEqual(before);
    const indexes = await withMysql(db, (q) =>
      // On WordPress's tables only: the service's own tables ({prefix}eca_*) carry indexes of their own.
      q(
        "SELECT DISTINCT index_name FROM information_schema.statistics WHERE table_schema = DATABASE() AND index_name LIKE 'eca!_%' ESCAPE '!' AND table_name NOT LIKE '%eca!_%' ESCAPE '!'",
      ),
    );
    expect(indexes.map((r) => r.index_name ?? r.INDEX_NAME).sort()).toEqual(['eca_meta_key_value', 'eca_start_local', 'eca_start_utc']);
  });

  it('authenticates every WordPress-created login with its application password', async () => {
    for (const [login, password] of Object.entries(LOGINS)) {
      const res = await t.http.get('/wp-json/tribe/events/v1').set('Authorization', basic(login, password));
      expect([login, res.status, res.headers['cache-control']]).toEqual([login, 200, 'no-cache, must-revalidate, max-age=0, no-store, private']);
    }
  });

  it('accepts the password with the spaces WordPress displays, and the e-mail as login', async () => {
    await t.http.get('/wp-json/tribe/events/v1').set('Authorization', basic('admin', '0Tu3 Y7F7 uMAX wNZu yGZt 3X97')).expect(200);
    await t.http.get('/wp-json/tribe/events/v1').set('Authorization', basic('admin@example.com', LOGINS.admin)).expect(200);
  });

  it('rejects a wrong application password, and the login password, with 401', async () => {
    const wrong = await t.http.get('/wp-json/tribe/events/v1').set('Authorization', basic('admin', 'AAAAAAAAAAAAAAAAAAAAAAAA')).expect(401);
    expect(wrong.body).toEqual({ code: 'incorrect_password', message: expect.any(String), data: { status: 401 } });
    await t.http.get('/wp-json/tribe/events/v1').set('Authorization', basic('admin', 'admin')).expect(401);
  });

  it('takes capabilities from the site’s own roles and user meta', async () => {
    const write = (login?: keyof typeof LOGINS) => {
      const req = t.http.post('/wp-json/tribe/events/v1/probe').send({ title: 'x', start_date: 'y' });
      return login ? req.set('Authorization', basic(login, LOGINS[login])) : req;
    };
    expect((await write('admin')).status).toBe(201);
    expect((await write('contributor1')).status).toBe(201);
    expect((await write('subscriber1')).body).toEqual({ code: 'rest_forbidden', message: expect.any(String), data: { status: 403 } });
    expect((await write()).status).toBe(401);
  });

  it('still writes nothing after all those requests', async () => {
    expect(await snapshot(db)).toEqual(before);
  });
});
