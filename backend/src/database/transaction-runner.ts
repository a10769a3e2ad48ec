import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';

/**
 * Runs a service's unit of work in one database transaction without the service holding the
 * DataSource (docs/ARCHITECTURE.md "Layers": the DataSource stays in repositories and the database
 * layer). List it in the module's providers; the TypeORM root module provides the DataSource.
 */
@Injectable()
export class TransactionRunner {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /**
   * `work` inside `manager`'s transaction when the caller passes one (joins it: no commit here),
   * else inside a new transaction committed when `work` resolves and rolled back when it throws.
   */
  run<T>(work: (em: EntityManager) => Promise<T>, manager?: EntityManager): Promise<T> {
    return manager ? work(manager) : this.ds.transaction(work);
  }
}
