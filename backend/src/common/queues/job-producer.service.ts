import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Queue } from 'bullmq';
import { In, IsNull, Repository } from 'typeorm';
import { JobInbox } from './job-inbox.entity';
import { DEFAULT_JOB_OPTIONS, JOB_QUEUE, JobName, QUEUE, QueueName } from './queues';

/** How long an enqueue may take before Redis counts as unreachable (ms). */
export const ENQUEUE_TIMEOUT_MS = 2000;
/**
 * After an enqueue failed, `enqueueDurable` writes straight to the inbox for this long (ms)
 * instead of waiting ENQUEUE_TIMEOUT_MS on every callback: during an outage the provider is
 * answered at once and requests do not pile up behind a dead Redis.
 */
export const REDIS_DOWN_RETRY_MS = 5000;

/**
 * The one way modules enqueue jobs. `enqueue` adds to BullMQ with the business key as jobId;
 * `enqueueDurable` falls back to the `job_inbox` table when Redis does not answer, so a provider
 * callback is never lost (docs/ARCHITECTURE.md "Queues").
 */
@Injectable()
export class JobProducer {
  private readonly logger = new Logger(JobProducer.name);
  private readonly queues: Record<QueueName, Queue>;
  /** Epoch ms until which Redis counts as down for `enqueueDurable` (0: try Redis). */
  private redisDownUntil = 0;

  constructor(
    @InjectQueue(QUEUE.PAYMENTS) payments: Queue,
    @InjectQueue(QUEUE.SMS) sms: Queue,
    @InjectQueue(QUEUE.PAYOUTS) payouts: Queue,
    @InjectQueue(QUEUE.FIXTURES) fixtures: Queue,
    @InjectQueue(QUEUE.SETTLEMENT) settlement: Queue,
    @InjectQueue(QUEUE.MAINTENANCE) maintenance: Queue,
    @InjectRepository(JobInbox) private readonly inbox: Repository<JobInbox>,
  ) {
    this.queues = { payments, sms, payouts, fixtures, settlement, maintenance };
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

  /**
   * Enqueues, or on failure records the job in the PostgreSQL inbox (idempotent on jobId). For
   * REDIS_DOWN_RETRY_MS after a failure it goes to the inbox without trying Redis.
   * @throws only when PostgreSQL refuses the inbox row too (the caller answers 5xx; the provider retries).
   */
  async enqueueDurable(name: JobName, payload: unknown, jobId: string): Promise<'queued' | 'inbox'> {
    try {
      if (Date.now() < this.redisDownUntil) throw new Error('Redis marked down after a failed enqueue');
      await this.enqueue(name, payload, jobId);
      return 'queued';
    } catch (err) {
      if (Date.now() >= this.redisDownUntil) {
        this.redisDownUntil = Date.now() + REDIS_DOWN_RETRY_MS;
        this.logger.warn({ err: String(err), jobId }, `enqueue failed; writing to job inbox for ${REDIS_DOWN_RETRY_MS} ms`);
      }
      await this.inbox
        .createQueryBuilder()
        .insert()
        .values({ queueName: JOB_QUEUE[name], jobName: name, jobId, payload: payload as object })
        .orIgnore()
        .execute();
      return 'inbox';
    }
  }

  /**
   * Moves pending inbox rows to their queues (run by the worker's drain-inbox scheduler), `batch`
   * rows at a time enqueued in parallel, until the inbox is empty or Redis fails again. A row
   * moved twice (two drains at once) is harmless: its jobId is the business key. Returns how many moved.
   */
  async drainInbox(batch = 500): Promise<number> {
    let moved = 0;
    for (;;) {
      const rows = await this.inbox.find({ where: { enqueuedAt: IsNull() }, order: { id: 'ASC' }, take: batch });
      if (!rows.length) return moved;
      const results = await Promise.allSettled(rows.map((row) => this.enqueue(row.jobName as JobName, row.payload, row.jobId)));
      const done = rows.filter((_, i) => results[i].status === 'fulfilled').map((r) => r.id);
      if (done.length) await this.inbox.update({ id: In(done) }, { enqueuedAt: new Date() });
      moved += done.length;
      const failed = results.flatMap((r, i) => (r.status === 'rejected' ? [{ id: rows[i].id, error: String(r.reason) }] : []));
      if (failed.length) {
        await this.inbox
          .createQueryBuilder()
          .update()
          .set({ attempts: () => 'attempts + 1', lastError: failed[0].error.slice(0, 500) })
          .whereInIds(failed.map((f) => f.id))
          .execute();
        return moved; // Redis still down: try again next tick
      }
      if (rows.length < batch) return moved;
    }
  }
}
