import { Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { JobProducer } from '../common/queues/job-producer.service';
import { ALL_QUEUES, JOB, JOB_QUEUE, JobName, QueueName } from '../common/queues/queues';
import {
  IMPORT_FIXTURES_EVERY_MS,
  SYNC_RESULTS_EVERY_MS,
} from '../modules/fixtures/fixtures.constants';
import { PICKS_DELIVERY_CHECK_EVERY_MS } from '../modules/slip/slip.constants';
import { SIGN_TREE_HEAD_EVERY_MS } from '../modules/transparency/transparency.constants';
import { CHECK_B2C_FLOAT_EVERY_MS } from '../modules/finance/finance.constants';
import { RUN_RETENTION_EVERY_MS } from '../modules/privacy/privacy.constants';

/** Periodic work as BullMQ job schedulers: one key per schedule, so N workers still run it once per tick. */
export const SCHEDULES: { key: string; job: JobName; everyMs: number }[] = [
  { key: 'drain-inbox', job: JOB.DRAIN_INBOX, everyMs: 30_000 },
  { key: 'reconcile-stk', job: JOB.RECONCILE_STK, everyMs: 30_000 },
  { key: 'expire-vouchers', job: JOB.EXPIRE_VOUCHERS, everyMs: 10 * 60_000 },
  { key: 'requeue-sms', job: JOB.REQUEUE_SMS, everyMs: 60_000 },
  { key: 'reconcile-payouts', job: JOB.RECONCILE_PAYOUTS, everyMs: 5 * 60_000 },
  { key: 'check-b2c-float', job: JOB.CHECK_B2C_FLOAT, everyMs: CHECK_B2C_FLOAT_EVERY_MS },
  { key: 'sync-results', job: JOB.SYNC_RESULTS, everyMs: SYNC_RESULTS_EVERY_MS },
  { key: 'settle-slips', job: JOB.SETTLE_SLIPS, everyMs: 5 * 60_000 },
  {
    key: 'check-picks-delivery',
    job: JOB.CHECK_PICKS_DELIVERY,
    everyMs: PICKS_DELIVERY_CHECK_EVERY_MS,
  },
  { key: 'import-fixtures', job: JOB.IMPORT_FIXTURES, everyMs: IMPORT_FIXTURES_EVERY_MS },
  { key: 'purge-expired-tokens', job: JOB.PURGE_EXPIRED_TOKENS, everyMs: 60 * 60_000 },
  { key: 'run-retention', job: JOB.RUN_RETENTION, everyMs: RUN_RETENTION_EVERY_MS },
  { key: 'sign-tree-head', job: JOB.SIGN_TREE_HEAD, everyMs: SIGN_TREE_HEAD_EVERY_MS },
];

/** How often each worker checks that every job scheduler is in Redis (ms). */
export const SCHEDULER_CHECK_EVERY_MS = 30_000;
/** How often each worker drains `job_inbox` by its own timer, whatever Redis holds (ms). */
export const INBOX_DRAIN_EVERY_MS = 30_000;

/**
 * Registers the job schedulers (SCHEDULES) and keeps them registered (docs/RELIABILITY.md,
 * "Redis restarted without its data"): at boot, again whenever a queue's Redis connection is
 * ready after a reconnect, and every SCHEDULER_CHECK_EVERY_MS for any that is missing — a Redis
 * that restarted empty has lost them, and without them no status check, SMS re-queue, payout
 * check or settlement would run. A scheduler already there is left alone (its next run kept).
 * `job_inbox` is also drained every INBOX_DRAIN_EVERY_MS by a process timer (@nestjs/schedule),
 * which needs no scheduler in Redis.
 */
@Injectable()
export class JobSchedulers implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(JobSchedulers.name);
  private readonly unsubscribe: (() => void)[] = [];
  private ensuring: Promise<string[]> | null = null;
  private draining = false;

  constructor(private readonly producer: JobProducer) {}

  async onApplicationBootstrap(): Promise<void> {
    for (const s of SCHEDULES) await this.upsert(s);
    // A schedule whose job moved to another queue (settle-slips: fixtures → settlement) leaves its
    // old scheduler behind in a Redis that kept its data: remove it, or it keeps firing jobs that
    // no processor of that queue handles.
    const home = new Map(SCHEDULES.map((s) => [s.key, JOB_QUEUE[s.job]]));
    for (const queue of ALL_QUEUES) {
      for (const { key } of await this.producer.queue(queue).getJobSchedulers()) {
        if (home.has(key) && home.get(key) !== queue)
          await this.producer.queue(queue).removeJobScheduler(key);
      }
    }
    this.logger.log(`job schedulers: ${SCHEDULES.map((s) => s.key).join(', ')}`);
    for (const name of new Set(SCHEDULES.map((s) => JOB_QUEUE[s.job]))) {
      const client = await this.producer.queue(name).client;
      const onReady = () =>
        void this.ensure().catch((err) =>
          this.logger.warn({ err: String(err) }, 'job schedulers not checked after reconnect'),
        );
      client.on('ready', onReady);
      this.unsubscribe.push(() => client.off('ready', onReady));
    }
  }

  onModuleDestroy(): void {
    for (const off of this.unsubscribe.splice(0)) off();
  }

  /**
   * Registers every schedule missing from Redis (one check at a time per process). Returns the
   * keys registered again. @throws when Redis does not answer.
   */
  ensure(): Promise<string[]> {
    this.ensuring ??= (async () => {
      const added: string[] = [];
      try {
        for (const s of SCHEDULES) {
          if (await this.producer.queue(JOB_QUEUE[s.job]).getJobScheduler(s.key)) continue;
          await this.upsert(s);
          added.push(s.key);
        }
        if (added.length) this.logger.warn(`job schedulers registered again: ${added.join(', ')}`);
        return added;
      } finally {
        this.ensuring = null;
      }
    })();
    return this.ensuring;
  }

  /** The periodic check of `ensure` (a timer of this process, not a job). */
  @Interval(SCHEDULER_CHECK_EVERY_MS)
  async checkSchedulers(): Promise<void> {
    await this.ensure().catch((err) =>
      this.logger.warn({ err: String(err) }, 'job schedulers not checked (Redis down?)'),
    );
  }

  /** Moves parked callbacks to their queues by this process's timer (JobProducer.drainInbox); never throws. */
  @Interval(INBOX_DRAIN_EVERY_MS)
  async drainInbox(): Promise<number> {
    if (this.draining) return 0;
    this.draining = true;
    try {
      return await this.producer.drainInbox();
    } catch (err) {
      this.logger.warn({ err: String(err) }, 'job inbox not drained (database down?)');
      return 0;
    } finally {
      this.draining = false;
    }
  }

  private upsert(s: { key: string; job: JobName; everyMs: number }): Promise<unknown> {
    const queue: QueueName = JOB_QUEUE[s.job];
    return this.producer
      .queue(queue)
      .upsertJobScheduler(s.key, { every: s.everyMs }, { name: s.job, data: {} });
  }
}
