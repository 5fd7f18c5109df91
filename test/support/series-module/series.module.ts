import { Module } from '@nestjs/common';
import { Resource } from '../../../src/resources/resource.decorator';
import { SeriesController } from './series.controller';
import { SeriesRepository } from './series.repository';
import { SERIES_RESOURCE } from './series.resource';
import { SeriesService } from './series.service';

/**
 * `/example/v1/series`: written by `npm run generate -- resource series` (docs/architecture.md
 * "Adding a resource"); one line in the application's module list mounts it.
 */
@Resource(SERIES_RESOURCE)
@Module({ controllers: [SeriesController], providers: [SeriesService, SeriesRepository] })
export class SeriesModule {}
