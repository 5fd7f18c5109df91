import { Global, Module } from '@nestjs/common';
import { ReadModel } from './read-model';

/** The read model's rows (src/read-model/read-model.ts), for the record cache, the write journal and the rebuild. */
@Global()
@Module({ providers: [ReadModel], exports: [ReadModel] })
export class ReadModelModule {}
