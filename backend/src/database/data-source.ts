import { DataSource, DataSourceOptions } from 'typeorm';
import { MIGRATIONS } from './migrations';

/**
 * TypeORM options over `pg`: schema only through migrations (synchronize and migrationsRun off
 * everywhere, tests included: docs/CONTRIBUTING.md §7). Entities are added by the Nest modules (autoLoadEntities).
 */
export const dataSourceOptions = (url: string): DataSourceOptions => ({
  type: 'postgres',
  url,
  migrations: MIGRATIONS,
  migrationsTableName: 'migrations',
  synchronize: false,
  migrationsRun: false,
  extra: { max: 20, connectionTimeoutMillis: 5000, application_name: 'tips' },
});

/** A bare DataSource for migration and database tooling (no entities). */
export const createToolingDataSource = (url: string): DataSource =>
  new DataSource(dataSourceOptions(url));
