import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, InsertQueryBuilder, IsNull, Repository } from 'typeorm';
import { JobInbox } from './job-inbox.entity';

/** A job to park: its queue, job name, business key (BullMQ job id) and body. */
export interface JobToPark {
  queueName: string;
  jobName: string;
  jobId: string;
  payload: unknown;
}

/** A parked job waiting for its queue (`enqueued_at` still null); `id` is the row's bigint as text. */
export interface PendingJob {
  id: string;
  jobName: string;
  jobId: string;
  payload: unknown;
}

/**
 * The table `job_inbox` (docs/ARCHITECTURE.md "Queues", "Table ownership"): jobs parked in
 * PostgreSQL while Redis did not answer, moved to their queues by the drain. The only code that
 * reads or writes it; `JobProducer` is its one user.
 */
@Injectable()
export class JobInboxRepository {
  constructor(@InjectRepository(JobInbox) private readonly inbox: Repository<JobInbox>) {}

  /** Parks `job` unless a row of its `jobId` is there already (pending or moved): one INSERT. */
  async park(job: JobToPark): Promise<void> {
    await this.insert(job).orIgnore().execute();
  }

  /**
   * Parks a provider callback delivery: a row of its `jobId` that was moved already is put back
   * pending with this body (its job may have failed meanwhile), a pending one takes this body.
   * One INSERT … ON CONFLICT (job_id) DO UPDATE.
   */
  async parkDelivery(job: JobToPark): Promise<void> {
    await this.insert(job).orUpdate(['payload', 'enqueued_at'], ['job_id']).execute();
  }

  /** The row parked under `jobName` / `jobId` (pending or moved) with its body, or null. */
  parked(jobName: string, jobId: string): Promise<{ payload: unknown } | null> {
    return this.inbox.findOne({ where: { jobId, jobName } });
  }

  /** Up to `limit` pending rows, oldest first (index ix_job_inbox_pending). */
  pending(limit: number): Promise<PendingJob[]> {
    return this.inbox.find({ where: { enqueuedAt: IsNull() }, order: { id: 'ASC' }, take: limit });
  }

  /** Marks the rows `ids` as moved to their queues (now). */
  async markEnqueued(ids: string[]): Promise<void> {
    await this.inbox.update({ id: In(ids) }, { enqueuedAt: () => 'now()' }); // the database's time: a record, not a rule
  }

  /** Counts one more failed move for the rows `ids`, keeping `error` (cut to 500 characters). */
  async recordFailure(ids: string[], error: string): Promise<void> {
    await this.inbox
      .createQueryBuilder()
      .update()
      .set({ attempts: () => 'attempts + 1', lastError: error.slice(0, 500) })
      .whereInIds(ids)
      .execute();
  }

  private insert(job: JobToPark): InsertQueryBuilder<JobInbox> {
    const { queueName, jobName, jobId, payload } = job;
    return this.inbox
      .createQueryBuilder()
      .insert()
      .values({ queueName, jobName, jobId, payload: payload as object });
  }
}
