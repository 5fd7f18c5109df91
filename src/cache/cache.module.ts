import { Global, Module } from '@nestjs/common';
import { CacheablePaths } from './cacheable-request';
import { DataVersionWriter } from './data-version-writer';
import { ListTotals } from './list-totals';

/**
 * What resources share from the cache layer (the response cache itself is an HTTP step: app.factory),
 * and the data-version bump of every write transaction.
 */
@Global()
@Module({ providers: [ListTotals, DataVersionWriter, CacheablePaths], exports: [ListTotals, CacheablePaths] })
export class CacheModule {}
