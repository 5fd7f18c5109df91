import { Global, Module } from '@nestjs/common';
import { APP_FILTER, APP_PIPE } from '@nestjs/core';
import { FrontReads } from './front-reads';
import { RestValidationPipe } from './params/rest-validation.pipe';
import { RestExceptionFilter } from './rest-exception.filter';

/** WordPress REST conventions every resource uses: error envelope, parameter validation, the front road's reads. */
@Global()
@Module({
  providers: [{ provide: APP_FILTER, useClass: RestExceptionFilter }, { provide: APP_PIPE, useClass: RestValidationPipe }, FrontReads],
  exports: [FrontReads],
})
export class RestModule {}
