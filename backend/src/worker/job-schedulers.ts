import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { JobProducer } from '../common/queues/job-producer.service';
import { ALL_QUEUES, JOB, JOB_QUEUE, JobName } from '../common/queues/queues';
import { IMPORT_FIXTURES_EVERY_MS, SYNC_RESULTS_EVERY_MS } from '../modules/fixtures/fixtures.constants';

/** Periodic work as BullMQ job schedulers: one key per schedule, so N workers still run it once per tick. */
export const SCHEDULES: { key: string; job: JobName; everyMs: number }[] = [
  { key: 'drain-inbox', job: JOB.DRAIN_INBOX, everyMs: 30_000 },
  { key: 'reconcile-stk', job: JOB.RECONCILE_STK, everyMs: 60_000 },
  { key: 'requeue-sms', job: JOB.REQUEUE_SMS, everyMs: 60_000 },
  { key: 'reconcile-payouts', job: JOB.RECONCILE_PAYOUTS, everyMs: 5 * 60_000 },
  { key: 'sync-results', job: JOB.SYNC_RESULTS, everyMs: SYNC_RESULTS_EVERY_MS },
  { key: 'settle-slips', job: JOB.SETTLE_SLIPS, everyMs: 5 * 60_000 },
  { key: 'import-fixtures', job: JOB.IMPORT_FIXTURES, everyMs: IMPORT_FIXTURES_EVERY_MS },
  { key: 'purge-expired-tokens', job: JOB.PURGE_EXPIRED_TOKENS, everyMs: 60 * 60_000 },
];

@Injectable()
export class JobSchedulers implements OnApplicationBootstrap {
  private readonly logger = new Logger(JobSchedulers.name);
  constructor(private readonly producer: JobProducer) {}

  async onApplicationBootstrap(): Promise<void> {
    for (const s of SCHEDULES) {
      await this.producer
        .queue(JOB_QUEUE[s.job])
        .upsertJobScheduler(s.key, { every: s.everyMs }, { name: s.job, data: {} });
    }
    // A schedule whose job moved to another queue (settle-slips: fixtures → settlement) leaves its
    // old scheduler behind in a Redis that kept its data: remove it, or it keeps firing jobs that
    // no processor of that queue handles.
    for (const s of SCHEDULES) {
      for (const queue of ALL_QUEUES) {
        if (queue !== JOB_QUEUE[s.job]) await this.producer.queue(queue).removeJobScheduler(s.key);
      }
    }
    this.logger.log(`job schedulers: ${SCHEDULES.map((s) => s.key).join(', ')}`);
  }
}
