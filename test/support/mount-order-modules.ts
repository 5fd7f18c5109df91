import { Controller, Get, Module } from '@nestjs/common';
import { defineResource } from '../../src/resources/resource-declaration';
import { Resource } from '../../src/resources/resource.decorator';

/**
 * Two minimal resources for test/e2e/mount-order.e2e-spec.ts, declared when this file is imported —
 * before the application's own modules when it is imported first: one in a namespace that sorts
 * before the service's `eca/v1`, one joining `eca/v1` under a collection that sorts after its others.
 */
@Controller('wp-json/aaa/v1/things')
class ThingsController {
  @Get()
  list() {
    return [];
  }
}

@Resource(defineResource({ namespace: 'aaa/v1', collection: 'things' }))
@Module({ controllers: [ThingsController] })
export class ThingsModule {}

@Controller('wp-json/eca/v1/zetas')
class ZetasController {
  @Get()
  list() {
    return [];
  }
}

@Resource(defineResource({ namespace: 'eca/v1', collection: 'zetas' }))
@Module({ controllers: [ZetasController] })
export class ZetasModule {}
