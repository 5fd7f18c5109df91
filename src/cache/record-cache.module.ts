import { Global, Module } from '@nestjs/common';
import { DataFreshness } from './data-freshness';
import { RecordCache } from './record-cache';
import { SharedGeneration } from '../wordpress/shared-generation';
import { RequestDataVersion } from './request-data-version';
import { TermCounts } from './term-counts';

/** Values shared across requests under the data version: site options, record representations, term counts. */
@Global()
@Module({
  providers: [DataFreshness, RequestDataVersion, { provide: SharedGeneration, useExisting: RequestDataVersion }, RecordCache, TermCounts],
  exports: [DataFreshness, RequestDataVersion, SharedGeneration, RecordCache, TermCounts],
})
export class RecordCacheModule {}
