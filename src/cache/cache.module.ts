import { Global, Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { CacheablePaths } from './cacheable-request';
import { DataVersionWriter } from './data-version-writer';
import { KeptTotals } from './kept-totals';
import { ListTotals } from './list-totals';
import { ShowsInterceptor } from './shows.interceptor';

/**
 * What resources share from the cache layer (the response cache itself is an HTTP step: app.factory),
 * the data-version bump of every write transaction, and what `@Shows()` routes declare.
 */
@Global()
@Module({
  providers: [ListTotals, KeptTotals, DataVersionWriter, CacheablePaths, { provide: APP_INTERCEPTOR, useClass: ShowsInterceptor }],
  exports: [ListTotals, KeptTotals, CacheablePaths],
})
export class CacheModule {}
