import { ConnectionGate } from '../../../src/database/connection-gate';
import { requestScope, requestWaitDeadline, scopeOfRequest } from '../../../src/database/request-scope';

describe('the wait for the database is bounded per request, from its arrival', () => {
  it('outside a request: the bound from now', () => {
    expect(requestWaitDeadline(200, 1_000)).toBe(1_200);
  });

  it('inside a request: never past its arrival + the bound, however many waits it has', () => {
    const scope = scopeOfRequest({}, false);
    const arrived = scope.arrivedAt;
    requestScope.run(scope, () => {
      expect(requestWaitDeadline(200, arrived + 150)).toBe(arrived + 200);
      expect(requestWaitDeadline(200, arrived + 500)).toBe(arrived + 200);
      expect(requestWaitDeadline(200, arrived)).toBe(arrived + 200);
    });
  });

  it('a request that already spent its budget waiting gets the 503 at its next wait, not a new budget', async () => {
    const gate = new ConnectionGate(1, 200);
    let release!: () => void;
    const held = gate.run(() => new Promise<void>((done) => (release = done)));
    const scope = { ...scopeOfRequest({}, false), arrivedAt: Date.now() - 190 };
    const started = Date.now();
    const waited = requestScope.run(scope, () => gate.run(async () => 'served'));
    await expect(waited).rejects.toMatchObject({ code: 'rest_database_unavailable' });
    expect(Date.now() - started).toBeLessThan(150);
    release();
    await held;
  });
});
