import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Job, UnrecoverableError } from 'bullmq';
import {
  DEFAULT_JOB_OPTIONS,
  JOB,
  JobName,
  QUEUE,
  STALLED_JOB_RECOVERY,
} from '../../../common/queues/queues';
import { SendAttempt, SmsRetryableError, SmsSender } from './sms-sender.service';
import { DeliverSmsPayload, SmsService } from './sms.service';

/**
 * SMS sends in parallel (each job claims its own outbox row). 16 (was 8): a send mostly waits on
 * Africa's Talking and holds no database connection meanwhile (docs/PERFORMANCE.md, "Payment callbacks").
 */
export const SMS_CONCURRENCY = 16;

/** Consumer of the `sms` queue (docs/CONTRIBUTING.md §8): `deliver-sms` (retried with backoff on transient failures) and the `requeue-sms` sweep. */
@Processor(QUEUE.SMS, { concurrency: SMS_CONCURRENCY, ...STALLED_JOB_RECOVERY })
export class SmsProcessor extends WorkerHost {
  static readonly handles: JobName[] = [JOB.DELIVER_SMS, JOB.REQUEUE_SMS];

  constructor(
    private readonly sender: SmsSender,
    private readonly sms: SmsService,
  ) {
    super();
  }

  async process(job: Job): Promise<SendAttempt | { requeued: number }> {
    switch (job.name) {
      case JOB.DELIVER_SMS: {
        const { outboxId } = (job.data ?? {}) as Partial<DeliverSmsPayload>;
        if (!outboxId) throw new UnrecoverableError('deliver-sms without outboxId');
        const maxAttempts = job.opts.attempts ?? DEFAULT_JOB_OPTIONS.attempts;
        const result = await this.sender.attempt(
          String(outboxId),
          job.attemptsMade + 1 >= maxAttempts,
        );
        if (result.result === 'retry') throw new SmsRetryableError(result.error);
        return result;
      }
      case JOB.REQUEUE_SMS:
        return { requeued: await this.sms.requeueStale() };
      default:
        throw new UnrecoverableError(`no handler for ${job.name} on ${QUEUE.SMS}`);
    }
  }
}
