import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Queue } from 'bullmq';
import { IsNull, Repository } from 'typeorm';
import { JobInbox } from './job-inbox.entity';
import { DEFAULT_JOB_OPTIONS, JOB_QUEUE, JobName, QUEUE, QueueName } from './queues';

/** How long an enqueue may take before Redis counts as unreachable (ms). */
export const ENQUEUE_TIMEOUT_MS = 2000;

/**
 * The one way modules enqueue jobs. `enqueue` adds to BullMQ with the business key as jobId;
 * `enqueueDurable` falls back to the `job_inbox` table when Redis does not answer, so a provider
 * callback is never lost (issue: callbacks; architecture.md "Queues").
 */
@Injectable()
export class JobProducer {
  private readonly logger = new Logger(JobProducer.name);
  private readonly queues: Record<QueueName, Queue>;

  constructor(
    @InjectQueue(QUEUE.PAYMENTS) payments: Queue,
    @InjectQueue(QUEUE.SMS) sms: Queue,
    @InjectQueue(QUEUE.PAYOUTS) payouts: Queue,
    @InjectQueue(QUEUE.FIXTURES) fixtures: Queue,
    @InjectQueue(QUEUE.MAINTENANCE) maintenance: Queue,
    @InjectRepository(JobInbox) private readonly inbox: Repository<JobInbox>,
  ) {
    this.queues = { payments, sms, payouts, fixtures, maintenance };
  }

  queue(name: QueueName): Queue {
    return this.queues[name];
  }

  /** Adds a job to its queue; throws when Redis does not answer within ENQUEUE_TIMEOUT_MS. */
  async enqueue(name: JobName, payload: unknown, jobId: string, opts: { delay?: number } = {}): Promise<void> {
    if (jobId.includes(':')) throw new Error(`jobId must not contain ':' (${jobId})`);
    const queue = this.queues[JOB_QUEUE[name]];
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('Redis did not answer')), ENQUEUE_TIMEOUT_MS);
    });
    try {
      await Promise.race([queue.add(name, payload, { ...DEFAULT_JOB_OPTIONS, ...opts, jobId }), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Enqueues, or on failure records the job in the PostgreSQL inbox (idempotent on jobId). */
  async enqueueDurable(name: JobName, payload: unknown, jobId: string): Promise<'queued' | 'inbox'> {
    try {
      await this.enqueue(name, payload, jobId);
      return 'queued';
    } catch (err) {
      this.logger.warn({ err, jobId }, 'enqueue failed; writing to job inbox');
      await this.inbox
        .createQueryBuilder()
        .insert()
        .values({ queueName: JOB_QUEUE[name], jobName: name, jobId, payload: payload as object })
        .orIgnore()
        .execute();
      return 'inbox';
    }
  }

  /** Moves pending inbox rows to their queues (run by the worker's drain-inbox scheduler). */
  async drainInbox(limit = 500): Promise<number> {
    const rows = await this.inbox.find({ where: { enqueuedAt: IsNull() }, order: { id: 'ASC' }, take: limit });
    let moved = 0;
    for (const row of rows) {
      try {
        await this.enqueue(row.jobName as JobName, row.payload, row.jobId);
        await this.inbox.update({ id: row.id }, { enqueuedAt: new Date() });
        moved++;
      } catch (err) {
        await this.inbox.update({ id: row.id }, { attempts: row.attempts + 1, lastError: String(err) });
        break; // Redis still down: try again next tick
      }
    }
    return moved;
  }
}
