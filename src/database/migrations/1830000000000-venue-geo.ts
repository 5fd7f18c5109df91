import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The service's geolocation index of venues (docs/geolocation.md): one row per venue whose
 * `_VenueLat`/`_VenueLng` meta (Events Calendar Pro's keys) name a place, with the coordinates as
 * numbers — WordPress keeps them as longtext, which no index can range-read numerically — and their
 * unit vector (x, y, z) for the exact distance test. `(lat, lng, x, y, z)` is the bounding-box index,
 * covering the test too. The meta stays the truth: the table is rebuilt from it at start-up and when
 * it changes (VenueGeoIndex).
 */
export class VenueGeo1830000000000 implements MigrationInterface {
  name = 'VenueGeo1830000000000';

  async up(runner: QueryRunner): Promise<void> {
    const prefix = runner.connection.options.entityPrefix ?? '';
    const isMysql = runner.connection.options.type === 'mysql' || runner.connection.options.type === 'mariadb';
    const table = `${prefix}eca_venue_geo`;
    if (isMysql) {
      await runner.query(
        `CREATE TABLE IF NOT EXISTS \`${table}\` (
          venue_id bigint(20) unsigned NOT NULL,
          lat double NOT NULL,
          lng double NOT NULL,
          x double NOT NULL,
          y double NOT NULL,
          z double NOT NULL,
          PRIMARY KEY (venue_id),
          KEY eca_venue_geo_lat_lng (lat, lng, x, y, z)
        ) ENGINE=InnoDB DEFAULT CHARSET=ascii COLLATE=ascii_bin`,
      );
      return;
    }
    await runner.query(
      `CREATE TABLE IF NOT EXISTS "${table}" (venue_id INTEGER NOT NULL PRIMARY KEY, lat REAL NOT NULL, lng REAL NOT NULL, x REAL NOT NULL, y REAL NOT NULL, z REAL NOT NULL)`,
    );
    await runner.query(`CREATE INDEX IF NOT EXISTS "${table}_lat_lng" ON "${table}" (lat, lng, x, y, z)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    const prefix = runner.connection.options.entityPrefix ?? '';
    await runner.query(`DROP TABLE IF EXISTS ${runner.connection.driver.escape(`${prefix}eca_venue_geo`)}`);
  }
}
