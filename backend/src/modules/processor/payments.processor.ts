import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Job, UnrecoverableError } from 'bullmq';
import { JobProducer } from '../../common/queues/job-producer.service';
import { JOB, JobName, QUEUE } from '../../common/queues/queues';

/** Consumer of the `payments` queue: one service call per job name (style.md §8). */
@Processor(QUEUE.PAYMENTS)
export class PaymentsProcessor extends WorkerHost {
  static readonly handles: JobName[] = [JOB.DRAIN_INBOX];
  constructor(private readonly producer: JobProducer) {
    super();
  }

  async process(job: Job): Promise<unknown> {
    switch (job.name) {
      case JOB.DRAIN_INBOX:
        return { moved: await this.producer.drainInbox() };
      default:
        throw new UnrecoverableError(`no handler for ${job.name} on ${QUEUE.PAYMENTS}`);
    }
  }
}
