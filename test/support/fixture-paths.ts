import { resolve } from 'node:path';

/** The test data the repository carries (see test/fixtures/README.md). */
export const FIXTURES = resolve(__dirname, '../fixtures');
/** The WordPress + The Events Calendar database dump. */
export const FIXTURE_SQL = resolve(FIXTURES, 'wordpress/tec-wordpress-seeded.sql');
/** The plugin's answers on that database, one file per line of GOLDEN_REQUESTS. */
export const GOLDEN_DIR = resolve(FIXTURES, 'golden');
export const GOLDEN_REQUESTS = resolve(FIXTURES, 'golden-requests.txt');
/** The plugin's raw answers on a fresh site (namespace index and /doc). */
export const REFERENCE_DIR = resolve(FIXTURES, 'reference');
