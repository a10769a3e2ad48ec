import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';

/**
 * The database layer's transaction door for services (docs/ARCHITECTURE.md "Layers"): services
 * never hold the DataSource; they open a transaction here and pass its EntityManager to the
 * repositories and exported services that take part in it. Rolls back when `work` throws (the error
 * is rethrown).
 */
@Injectable()
export class TransactionRunner {
  constructor(private readonly ds: DataSource) {}

  /** Runs `work` in one transaction (READ COMMITTED) and returns its result. */
  run<T>(work: (em: EntityManager) => Promise<T>): Promise<T> {
    return this.ds.transaction(work);
  }
}
