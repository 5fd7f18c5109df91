import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AppConfig } from '../config/app-config';
import { dataSourceOptions } from './data-source-options';
import { DatabaseService } from './database.service';

@Global()
@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ({
        ...dataSourceOptions({ databaseUrl: config.databaseUrl, tablePrefix: config.tablePrefix, poolSize: config.databasePoolSize }),
        // Fail fast at boot instead of retrying for minutes when the database is unreachable.
        retryAttempts: 0,
        manualInitialization: false,
      }),
    }),
  ],
  providers: [DatabaseService],
  exports: [DatabaseService],
})
export class DatabaseModule {}
