import { Global, Module } from '@nestjs/common';
import { PaginationInterceptor } from './pagination.interceptor';

/** What every declared resource's controllers share: the list envelope (@Paginated). */
@Global()
@Module({ providers: [PaginationInterceptor], exports: [PaginationInterceptor] })
export class ResourcesModule {}
