import { Module } from '@nestjs/common';
import { Resource } from '../../../src/resources/resource.decorator';
import { SeriesController } from './series.controller';
import { SeriesRepository } from './series.repository';
import { SERIES_RESOURCE } from './series.resource';
import { SeriesService } from './series.service';

/**
 * The example resource of docs/architecture.md "Adding a resource", kept in the test folder: every
 * e2e test's app mounts it (test/support/test-app.ts); the production app does not.
 */
@Resource(SERIES_RESOURCE)
@Module({ controllers: [SeriesController], providers: [SeriesService, SeriesRepository] })
export class SeriesModule {}
