import type { INestApplicationContext } from '@nestjs/common';
import { SeriesHorizonJob } from '../events';

export const SERIES_EXTEND_USAGE = `  series:extend
        one pass of the horizon job now: every endless series due is materialised up to its horizon
        (the service runs it hourly; this is for operators and tests)`;

/**
 * `series:extend`: SeriesHorizonJob.pass once, at the real "now", under the same bounds as the hourly
 * job (docs/recurring-events.md "Horizon job"); safe beside a running service (each series is locked).
 */
export async function runSeriesExtend(app: Pick<INestApplicationContext, 'get'>, print: (line: string) => void): Promise<void> {
  const pass = await app.get(SeriesHorizonJob, { strict: false }).pass();
  print(`Extended ${pass.extended} series by ${pass.occurrences} occurrences; ${pass.capped} reached their limit and are no longer extended.`);
}
