import { Global, Module } from '@nestjs/common';
import { RecordCache } from './record-cache';
import { RequestDataVersion } from './request-data-version';

/** Values shared across requests under the data version: site options and record representations. */
@Global()
@Module({ providers: [RequestDataVersion, RecordCache], exports: [RequestDataVersion, RecordCache] })
export class RecordCacheModule {}
