import { Global, Module } from '@nestjs/common';
import { DataFreshness } from './data-freshness';
import { RecordCache } from './record-cache';
import { RequestDataVersion } from './request-data-version';

/** Values shared across requests under the data version: site options and record representations. */
@Global()
@Module({ providers: [DataFreshness, RequestDataVersion, RecordCache], exports: [DataFreshness, RequestDataVersion, RecordCache] })
export class RecordCacheModule {}
