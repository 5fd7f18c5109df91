import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ADMIN_PASSWORD, ADMIN_USER, basic, startTestApp } from '../support/test-app';

describe('the embedded SQLite default', () => {
  const dir = mkdtempSync(join(tmpdir(), 'eca-'));
  const file = join(dir, 'nested', 'events.sqlite');
  const database = { url: `sqlite:${file}`, name: file, drop: async () => undefined };
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('creates the file and its schema, then reopens it with the same admin', async () => {
    const first = await startTestApp({ database });
    expect(existsSync(file)).toBe(true);
    await first.http.get('/wp-json/tribe/events/v1').set('Authorization', basic(ADMIN_USER, ADMIN_PASSWORD)).expect(200);
    await first.app.close();

    const second = await startTestApp({ database });
    await second.http.get('/wp-json/tribe/events/v1').set('Authorization', basic(ADMIN_USER, ADMIN_PASSWORD)).expect(200);
    const users = await second.db.sql.one<{ n: number }>(`SELECT COUNT(*) AS n FROM ${second.db.sql.table('users')}`);
    expect(users!.n).toBe(1);
    await second.app.close();
  });
});
