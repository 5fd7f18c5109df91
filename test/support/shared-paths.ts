import { resolve } from 'node:path';

/** The project's shared material (contract, fixtures, golden tool) sits beside the repository. */
export const SHARED = resolve(__dirname, '../../../shared');
export const FIXTURE_SQL = resolve(SHARED, 'fixtures/tec-wordpress-seeded.sql');
