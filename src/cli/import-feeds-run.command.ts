import type { INestApplicationContext } from '@nestjs/common';
import { ImportFeedsWorker } from '../import/feeds/import-feeds.worker';

export const IMPORT_FEEDS_RUN_USAGE = `  import-feeds:run
        one pass of the feeds' worker now: every subscribed feed due is re-imported once
        (the service polls for due feeds; this is for operators and tests)`;

/**
 * `import-feeds:run`: ImportFeedsWorker.pass once, at the real "now" (docs/import.md "Subscriptions");
 * safe beside a running service (each feed is claimed by one run).
 */
export async function runImportFeeds(app: Pick<INestApplicationContext, 'get'>, print: (line: string) => void): Promise<void> {
  const pass = await app.get(ImportFeedsWorker, { strict: false }).pass();
  print(`Feeds run: ${pass.runs} (${pass.failed} could not be read); reports: ${pass.imports.join(', ') || 'none'}.`);
}
