import { buildRound4Case, round4Comparisons, Round4Setup } from '../support/plugin-captures-round4';
import { ADMIN, startTestApp, userWithRole } from '../support/test-app';

/**
 * Issue #31 items 6–8 on a fresh database (either engine): the case built through the service's API,
 * its answers compared with the real plugin's (test/fixtures/plugin-captures/round4).
 */
describe('plugin fidelity, round 4 (issue #31 items 6–8)', () => {
  let setup: Round4Setup;

  beforeAll(async () => {
    const t = await startTestApp();
    const ids = await buildRound4Case(t, ADMIN);
    setup = { t, ids, admin: ADMIN, subscriber: (await userWithRole(t, 'subscriber')).auth };
  });
  afterAll(() => setup?.t.close());

  round4Comparisons(() => setup);
});
