import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { createApp } from '../../src/app.factory';
import { SHARED } from '../support/shared-paths';
import { TestDatabase } from '../support/test-database';
import { FIXTURE_ENV, loadFixtureDatabase } from '../support/fixture-app';
import { freePort } from '../support/free-port';

/**
 * The plugin's own answers on the fixture database (shared/fixtures/golden) compared with ours by the
 * shared tool. Request-name prefixes of the resources built so far; a resource adds its prefixes when
 * its goldens pass, so every covered request must match.
 */
const COVERED: string[] = ['categor', 'tag', 'venue', 'organizer', 'event'];

const run = promisify(execFile);

describe('golden answers of The Events Calendar on the fixture database', () => {
  let db: TestDatabase;
  let close: () => Promise<void>;
  let base: string;

  beforeAll(async () => {
    db = await loadFixtureDatabase();
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const app = await createApp({ DATABASE_URL: db.url, SITE_URL: origin, LOG_LEVEL: 'error', ...FIXTURE_ENV });
    await app.listen(port, '127.0.0.1');
    base = `${origin}/wp-json/tribe/events/v1`;
    close = () => app.close();
  });
  afterAll(async () => {
    await close?.();
    await db?.drop();
  });

  it('matches every covered request', async () => {
    const requests = readFileSync(resolve(SHARED, 'fixtures/golden-requests.txt'), 'utf8')
      .split('\n')
      .filter((line) => COVERED.some((prefix) => line.startsWith(prefix)));
    expect(requests.length).toBeGreaterThan(0);
    const file = join(mkdtempSync(join(tmpdir(), 'golden-')), 'requests.txt');
    writeFileSync(file, requests.join('\n'));
    const { stdout } = await run('node', [resolve(SHARED, 'tools/golden.mjs'), 'compare', base, file, resolve(SHARED, 'fixtures/golden')]).catch(
      (error: { stdout: string }) => ({ stdout: error.stdout }),
    );
    expect(stdout.trim().split('\n').pop()).toBe(`${requests.length} passed, 0 failed`);
  });
});
