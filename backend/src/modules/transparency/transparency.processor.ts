import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Job, UnrecoverableError } from 'bullmq';
import { JOB, JobName, QUEUE } from '../../common/queues/queues';
import { TreeHeadService } from './tree-head.service';

/**
 * Consumer of the `transparency` queue: the scheduled `sign-tree-head` job, which signs a
 * checkpoint when the log grew and time-stamps heads still without a token (TreeHeadService).
 */
@Processor(QUEUE.TRANSPARENCY)
export class TransparencyProcessor extends WorkerHost {
  static readonly handles: JobName[] = [JOB.SIGN_TREE_HEAD];

  constructor(private readonly heads: TreeHeadService) {
    super();
  }

  async process(job: Job): Promise<{ signed: number | null; timestamped: number }> {
    if (job.name !== JOB.SIGN_TREE_HEAD)
      throw new UnrecoverableError(`no handler for ${job.name} on ${QUEUE.TRANSPARENCY}`);
    return this.heads.run();
  }
}
