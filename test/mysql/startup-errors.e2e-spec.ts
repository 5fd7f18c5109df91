import { buildOnce, runBuilt } from '../support/built-process';
import { freePort } from '../support/free-port';

// Issue #18: a MySQL database that does not exist is one line telling how to create it (MariaDB only).
const SERVER = (process.env.MYSQL_TEST_URL ?? 'mysql://root@127.0.0.1:3306').replace(/\/+$/, '');

describe('start-up on a MariaDB server without the configured database', () => {
  beforeAll(() => buildOnce());

  it('the service and the CLI say which database is missing and how to create it', async () => {
    const host = new URL(SERVER);
    const where = `${host.hostname}:${host.port || 3306}`;
    const expected = `Database "eca_missing_db" does not exist on ${where}: create it with  CREATE DATABASE \`eca_missing_db\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_520_ci;  or fix DATABASE_URL`;
    const env = { DATABASE_URL: `${SERVER}/eca_missing_db`, PORT: String(await freePort()) };
    for (const [entry, args] of [
      ['dist/src/main.js', []],
      ['dist/src/cli/main.js', ['users:list']],
    ] as const) {
      const run = await runBuilt(entry, [...args], env);
      expect([entry, run.code, run.stderr.trim()]).toEqual([entry, 1, expected]);
    }
  });
});
