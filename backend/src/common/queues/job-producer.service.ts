import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger } from '@nestjs/common';
import { createHash } from 'crypto';
import { Queue } from 'bullmq';
import { JobInboxRepository } from './job-inbox.repository';
import {
  DEFAULT_JOB_OPTIONS,
  JOB_QUEUE,
  JobName,
  QUEUE,
  QueueName,
  REDELIVERED_JOBS,
} from './queues';

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
    @InjectQueue(QUEUE.TRANSPARENCY) transparency: Queue,
    @InjectQueue(QUEUE.USSD) ussd: Queue,
    private readonly inbox: JobInboxRepository,
  ) {
    this.queues = { payments, sms, payouts, fixtures, settlement, maintenance, transparency, ussd };
  }

  queue(name: QueueName): Queue {
    return this.queues[name];
  }

  /** Adds a job to its queue; throws when Redis does not answer within ENQUEUE_TIMEOUT_MS. */
  async enqueue(
    name: JobName,
    payload: unknown,
    jobId: string,
    opts: { delay?: number } = {},
  ): Promise<void> {
    if (jobId.includes(':')) throw new Error(`jobId must not contain ':' (${jobId})`);
    const queue = this.queues[JOB_QUEUE[name]];
    await withTimeout(
      queue.add(name, payload, { ...DEFAULT_JOB_OPTIONS, ...opts, jobId }),
      'Redis did not answer',
    );
  }

  /**
   * Enqueues a provider callback delivery under its business key `jobId` so that a re-delivery is
   * never swallowed by an older job of that key (docs/RELIABILITY.md, "Re-delivered callbacks"):
   * - no job, or the job failed (its retries used up) → the delivery is queued afresh;
   * - the job completed → nothing when the delivery is the same body (it was applied), else queued afresh;
   * - the job waits for its next retry (delayed) → the same body runs now (promoted), another body
   *   replaces it;
   * - the job waits or runs → nothing for the same body; another body gets its own job
   *   (`<jobId>-<hash of the body>`).
   * Applying a callback is idempotent (only a pending purchase changes), so an extra run is a no-op.
   * @throws when Redis does not answer within ENQUEUE_TIMEOUT_MS.
   */
  async enqueueDelivery(name: JobName, payload: unknown, jobId: string): Promise<void> {
    const queue = this.queues[JOB_QUEUE[name]];
    const existing = await withTimeout(queue.getJob(jobId), 'Redis did not answer');
    if (!existing) return this.enqueue(name, payload, jobId);
    const same = JSON.stringify(existing.data) === JSON.stringify(payload);
    const state = await withTimeout(existing.getState(), 'Redis did not answer');
    const replace = async (): Promise<void> => {
      try {
        await existing.remove();
      } catch {
        // Taken by a worker meanwhile (locked): this delivery gets a job of its own.
        return this.enqueue(name, payload, `${jobId}-${bodyHash(payload)}`);
      }
      return this.enqueue(name, payload, jobId);
    };
    if (state === 'unknown') return this.enqueue(name, payload, jobId); // removed meanwhile
    if (state === 'failed') return replace();
    if (state === 'completed') return same ? undefined : replace();
    if (state === 'delayed') {
      if (!same) return replace();
      await existing.promote().catch(() => undefined); // already moved on: it runs anyway
      return;
    }
    if (!same) return this.enqueue(name, payload, `${jobId}-${bodyHash(payload)}`);
  }

  /**
   * Enqueues, or on failure records the job in the PostgreSQL inbox (idempotent on jobId). For
   * REDIS_DOWN_RETRY_MS after a failure it goes to the inbox without trying Redis. Provider
   * callbacks (REDELIVERED_JOBS) are queued by `enqueueDelivery`, and a delivery that finds its
   * inbox row already moved puts it back (with its body) for the next drain.
   * @throws only when PostgreSQL refuses the inbox row too (the caller answers 5xx; the provider retries).
   */
  async enqueueDurable(
    name: JobName,
    payload: unknown,
    jobId: string,
  ): Promise<'queued' | 'inbox'> {
    const redelivery = REDELIVERED_JOBS.has(name);
    try {
      if (Date.now() < this.redisDownUntil)
        throw new Error('Redis marked down after a failed enqueue');
      if (redelivery) await this.enqueueDelivery(name, payload, jobId);
      else await this.enqueue(name, payload, jobId);
      return 'queued';
    } catch (err) {
      if (Date.now() >= this.redisDownUntil) {
        this.redisDownUntil = Date.now() + REDIS_DOWN_RETRY_MS;
        this.logger.warn(
          { err: String(err), jobId },
          `enqueue failed; writing to job inbox for ${REDIS_DOWN_RETRY_MS} ms`,
        );
      }
      const job = { queueName: JOB_QUEUE[name], jobName: name, jobId, payload };
      // A re-delivery puts a moved row back (its job may have failed meanwhile); a pending row keeps its place.
      if (redelivery) await this.inbox.parkDelivery(job);
      else await this.inbox.park(job);
      return 'inbox';
    }
  }

  /**
   * The bodies received under `jobId` and kept for a job: its BullMQ job's data (waiting, retrying
   * or failed) and its `job_inbox` row (parked while Redis was down). Lets the STK status check
   * take the receipt of a callback acknowledged but not applied yet (docs/RELIABILITY.md,
   * "Re-delivered callbacks"). A Redis that does not answer gives only the inbox body.
   */
  async receivedBodies(name: JobName, jobId: string): Promise<unknown[]> {
    const bodies: unknown[] = [];
    try {
      const job = await withTimeout(
        this.queues[JOB_QUEUE[name]].getJob(jobId),
        'Redis did not answer',
      );
      if (job) bodies.push(job.data);
    } catch (err) {
      this.logger.warn({ err: String(err), jobId }, 'job not readable');
    }
    const parked = await this.inbox.parked(name, jobId);
    if (parked) bodies.push(parked.payload);
    return bodies;
  }

  /**
   * Moves pending inbox rows to their queues (run by the worker's drain-inbox scheduler), `batch`
   * rows at a time enqueued in parallel, until the inbox is empty or Redis fails again. A row
   * moved twice (two drains at once) is harmless: its jobId is the business key. Returns how many moved.
   */
  async drainInbox(batch = 500): Promise<number> {
    let moved = 0;
    for (;;) {
      const rows = await this.inbox.pending(batch);
      if (!rows.length) return moved;
      const results = await Promise.allSettled(
        rows.map((row) =>
          REDELIVERED_JOBS.has(row.jobName as JobName)
            ? this.enqueueDelivery(row.jobName as JobName, row.payload, row.jobId)
            : this.enqueue(row.jobName as JobName, row.payload, row.jobId),
        ),
      );
      const done = rows.filter((_, i) => results[i].status === 'fulfilled').map((r) => r.id);
      if (done.length) await this.inbox.markEnqueued(done);
      moved += done.length;
      const failed = results.flatMap((r, i) =>
        r.status === 'rejected' ? [{ id: rows[i].id, error: String(r.reason) }] : [],
      );
      if (failed.length) {
        await this.inbox.recordFailure(
          failed.map((f) => f.id),
          failed[0].error,
        );
        return moved; // Redis still down: try again next tick
      }
      if (rows.length < batch) return moved;
    }
  }
}

/** `promise`, or a rejection with `message` after ENQUEUE_TIMEOUT_MS. */
const withTimeout = async <T>(promise: Promise<T>, message: string): Promise<T> => {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ENQUEUE_TIMEOUT_MS);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
};

/** 12 hex characters of the SHA-256 of a payload's JSON: tells two deliveries with different bodies apart. */
const bodyHash = (payload: unknown): string =>
  createHash('sha256').update(JSON.stringify(payload)).digest('hex').slice(0, 12);
