import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The service's own table of failed Basic logins per client IP (src/auth/login-throttle.service.ts).
 * Kept in the database, not in memory, so every instance behind a load balancer shares the counters.
 * `window_start` is epoch milliseconds.
 */
export class LoginFailures1760000000000 implements MigrationInterface {
  name = 'LoginFailures1760000000000';

  async up(runner: QueryRunner): Promise<void> {
    const prefix = runner.connection.options.entityPrefix ?? '';
    const isMysql = runner.connection.options.type === 'mysql' || runner.connection.options.type === 'mariadb';
    const table = `${prefix}eca_login_failures`;
    if (isMysql) {
      await runner.query(
        `CREATE TABLE IF NOT EXISTS \`${table}\` (
          client varchar(64) NOT NULL,
          failures int(10) unsigned NOT NULL,
          window_start bigint(20) unsigned NOT NULL,
          PRIMARY KEY (client),
          KEY window_start (window_start)
        ) ENGINE=InnoDB DEFAULT CHARSET=ascii COLLATE=ascii_bin`,
      );
      return;
    }
    await runner.query(`CREATE TABLE IF NOT EXISTS "${table}" (client TEXT NOT NULL PRIMARY KEY, failures INTEGER NOT NULL, window_start INTEGER NOT NULL)`);
    await runner.query(`CREATE INDEX IF NOT EXISTS "${table}_window_start" ON "${table}" (window_start)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    // The table holds only transient counters, so it can go.
    const prefix = runner.connection.options.entityPrefix ?? '';
    await runner.query(`DROP TABLE IF EXISTS ${runner.connection.driver.escape(`${prefix}eca_login_failures`)}`);
  }
}
