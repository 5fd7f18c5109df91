import { ADMIN, BASE } from '../support/test-app';
import { BuiltServer, startBuiltServer } from '../support/built-process';

// Issue #30: one POST of `FREQ=HOURLY;INTERVAL=2;BYHOUR=11` from an even hour hung the process for
// good (the library looped; SIGTERM was never handled). The built server, both engines: the rules of
// the probe are answered, the process stays live meanwhile, and SIGTERM still ends it.

const PROBE = [
  'FREQ=HOURLY;INTERVAL=2;BYHOUR=11',
  'FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30',
  'FREQ=DAILY;BYSETPOS=366;BYMONTH=1',
  'FREQ=DAILY;BYMONTH=2;BYMONTHDAY=29;COUNT=1000',
];

describe('the built server under the rules that stalled it (issue #30)', () => {
  let server: BuiltServer;
  let port: number;

  beforeAll(async () => {
    server = await startBuiltServer();
    ({ port } = server);
  }, 180_000);

  afterAll(() => server?.close());

  it('answers every rule of the probe, anonymous (401) and as an administrator (400), stays live, then ends on SIGTERM', async () => {
    const events = `http://127.0.0.1:${port}${BASE}/events`;
    const post = (rrule: string, auth?: string) =>
      fetch(events, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...(auth ? { Authorization: auth } : {}) },
        body: JSON.stringify({
          title: 'Probe',
          start_date: rrule.includes('BYMONTHDAY=29') ? '2032-02-29 10:00:00' : '2029-03-06 10:00:00',
          end_date: rrule.includes('BYMONTHDAY=29') ? '2032-02-29 11:00:00' : '2029-03-06 11:00:00',
          timezone: 'America/New_York',
          recurrence: { rrule },
        }),
        signal: AbortSignal.timeout(20_000),
      });
    for (const rrule of PROBE) {
      expect((await post(rrule)).status).toBe(401);
      const refused = await post(rrule, ADMIN);
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { data: { params: { recurrence: string } } }).data.params.recurrence).toMatch(/^(BYHOUR|BYMONTHDAY|BYSETPOS|FREQ)=/);
      expect((await fetch(`http://127.0.0.1:${port}/health/live`, { signal: AbortSignal.timeout(5_000) })).status).toBe(200);
    }
    const exit = new Promise<number | null>((done) => server.child.once('exit', (code) => done(code)));
    server.child.kill('SIGTERM');
    expect(await exit).toBe(0);
  }, 120_000);
});
