import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { RetentionRun } from './entities/retention-run.entity';

/** The privacy module's door to `retention_run` (docs/ARCHITECTURE.md "Table ownership"). */
@Injectable()
export class RetentionRunRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** Stores one finished run and returns it with its id. */
  async insert(run: Omit<RetentionRun, 'id'>): Promise<RetentionRun> {
    return this.ds.manager.save(RetentionRun, this.ds.manager.create(RetentionRun, run));
  }
}
