import { Global, Module } from '@nestjs/common';
import { DataFreshness } from './data-freshness';
import { RecordCache } from './record-cache';
import { SharedGeneration } from '../wordpress/shared-generation';
import { RequestDataVersion } from './request-data-version';

/** Values shared across requests under the data version: site options and record representations. */
@Global()
@Module({
  providers: [DataFreshness, RequestDataVersion, { provide: SharedGeneration, useExisting: RequestDataVersion }, RecordCache],
  exports: [DataFreshness, RequestDataVersion, SharedGeneration, RecordCache],
})
export class RecordCacheModule {}
