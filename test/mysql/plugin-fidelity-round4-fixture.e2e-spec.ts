import { startFixtureApp } from '../support/fixture-app';
import { bumpCacheVersion } from '../support/data-version';
import { buildRound4Case, round4Answers, round4Comparisons, Round4Setup } from '../support/plugin-captures-round4';
import { basic } from '../support/test-app';

const ADMIN = basic('admin', '0Tu3Y7F7uMAXwNZuyGZt3X97');
const SUBSCRIBER = basic('subscriber1', 'aRO4BVL5i60ijHlpGWpvKant');

/**
 * Issue #31 items 6–8 on the plugin's own site (MariaDB): the case the plugin's captures were taken
 * on, built on the same fixture database through the service's API, answered as the plugin answered.
 */
describe('plugin fidelity, round 4, on the WordPress + TEC fixture database (MariaDB)', () => {
  let setup: Round4Setup;
  let close: () => Promise<void> = async () => undefined;

  beforeAll(async () => {
    const app = await startFixtureApp();
    close = app.close;
    setup = { t: app.t, ids: await buildRound4Case(app.t, ADMIN), admin: ADMIN, subscriber: SUBSCRIBER };
  });
  afterAll(() => close());

  round4Comparisons(() => setup);

  it("item 6 on the fixture's own events: an administrator's search finds a protected one by its description", async () => {
    const { t, ids } = setup;
    await t.db.sql.run(`UPDATE ${t.db.sql.table('posts')} SET post_password = 'Sesame' WHERE ID = 103`);
    await bumpCacheVersion(t);
    for (const [caller, auth] of [
      ['anonymous', undefined],
      ['admin', ADMIN],
    ] as const) {
      const { service, plugin } = await round4Answers(t, ids, 'fixture-search-word-of-descriptions', caller, auth);
      expect(service).toEqual(plugin);
    }
  });
});
