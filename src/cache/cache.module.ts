import { Global, Module } from '@nestjs/common';
import { ListTotals } from './list-totals';

/** What resources share from the cache layer (the response cache itself is an HTTP step: app.factory). */
@Global()
@Module({ providers: [ListTotals], exports: [ListTotals] })
export class CacheModule {}
