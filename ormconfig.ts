// DataSource for the TypeORM CLI, e.g. `npx typeorm -d dist/ormconfig.js migration:show`.
// Reads the same variables as the service (DATABASE_URL, TABLE_PREFIX) with the same validation.
import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { validateEnvironment } from './src/config/environment';
import { dataSourceOptions } from './src/database/data-source-options';

const env = validateEnvironment(process.env);

export default new DataSource(dataSourceOptions({ databaseUrl: env.DATABASE_URL, tablePrefix: env.TABLE_PREFIX, poolSize: env.DATABASE_POOL_SIZE }));
