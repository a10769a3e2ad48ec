import { getQueueToken } from '@nestjs/bullmq';
import { getRepositoryToken } from '@nestjs/typeorm';
import { Queue } from 'bullmq';
import { Repository } from 'typeorm';
import { JobInbox } from '../../../src/common/queues/job-inbox.entity';
import { JobProducer } from '../../../src/common/queues/job-producer.service';
import { JOB, QUEUE } from '../../../src/common/queues/queues';
import { createTestContext, TestContext } from '../../setup/test-app';
import { eventually } from '../../support/eventually';

describe('BullMQ on the real Redis, processed by the worker (ROLE=all)', () => {
  let t: TestContext;
  beforeAll(async () => (t = await createTestContext({ role: 'all' })));
  afterAll(() => t?.close());

  it('keys every queue under the run prefix', async () => {
    const payments = t.get<Queue>(getQueueToken(QUEUE.PAYMENTS));
    expect(payments.opts.prefix).toBe(t.redisPrefix);
  });

  it('moves a parked inbox job to its queue and the worker completes both jobs', async () => {
    const inbox = t.get<Repository<JobInbox>>(getRepositoryToken(JobInbox) as string);
    await inbox.insert({
      queueName: QUEUE.PAYMENTS,
      jobName: JOB.DRAIN_INBOX,
      jobId: 'inbox-parked-1',
      payload: {},
    });

    await t.get(JobProducer).enqueue(JOB.DRAIN_INBOX, {}, 'drain-now-1');

    const payments = t.get<Queue>(getQueueToken(QUEUE.PAYMENTS));
    await eventually(
      async () => {
        const job = await payments.getJob('drain-now-1');
        return job && (await job.getState()) === 'completed' ? job : undefined;
      },
      { timeoutMs: 20_000 },
    );
    // Read again once completed: a job object fetched while it was still active has no return value.
    const done = (await payments.getJob('drain-now-1'))!;
    // The scheduler's first drain may have moved the row before ours ran: either way it moved once.
    expect(done.returnvalue).toEqual({ moved: expect.any(Number) });
    const row = await eventually(
      async () => {
        const r = await inbox.findOneByOrFail({ jobId: 'inbox-parked-1' });
        return r.enqueuedAt ? r : undefined;
      },
      { timeoutMs: 20_000 },
    );
    expect(row.attempts).toBe(0);
    await eventually(async () => (await payments.getJob('inbox-parked-1'))?.isCompleted(), {
      timeoutMs: 20_000,
    });
  });

  it('refuses a job id containing a colon', async () => {
    await expect(t.get(JobProducer).enqueue(JOB.DRAIN_INBOX, {}, 'bad:id')).rejects.toThrow(
      /must not contain ':'/,
    );
  });

  it('registers the drain-inbox job scheduler once, under its own key', async () => {
    const payments = t.get<Queue>(getQueueToken(QUEUE.PAYMENTS));
    const schedulers = await payments.getJobSchedulers();
    expect(schedulers.map((s) => s.key).sort()).toEqual([
      'drain-inbox',
      'expire-vouchers',
      'reconcile-stk',
    ]); // reconcile-stk: docs/PRODUCT-RULES.md "Purchases and provider callbacks"; expire-vouchers: R242
  });
});
