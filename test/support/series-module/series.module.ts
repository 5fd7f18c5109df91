import { Module } from '@nestjs/common';
import { Resource } from '../../../src/rest/resources/resource.decorator';
import { SeriesController } from './series.controller';
import { SERIES_RESOURCE } from './series.resource';
import { SeriesRepository } from './series.repository';

/** A throwaway resource, defined in the test folder only: one folder, one module in the app's list. */
@Resource(SERIES_RESOURCE)
@Module({ controllers: [SeriesController], providers: [SeriesRepository] })
export class SeriesModule {}
