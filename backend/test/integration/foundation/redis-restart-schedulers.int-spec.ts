import { ChildProcess, spawn, spawnSync } from 'child_process';
import { mkdtempSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { SchedulerRegistry } from '@nestjs/schedule';
import { JobProducer } from '../../../src/common/queues/job-producer.service';
import { JOB, JOB_QUEUE, QUEUE } from '../../../src/common/queues/queues';
import { JobSchedulers, SCHEDULES } from '../../../src/jobs/job-schedulers';
import { createTestContext, freePort, TestContext } from '../../setup/test-app';
import { eventually } from '../processor/support';

jest.setTimeout(180_000);

/** A redis-server of this test's own on a free port (the shared Redis is never stopped): started, stopped without saving, started again empty. */
class PrivateRedis {
  private readonly dir = mkdtempSync(join(tmpdir(), 'tips-sched-redis-'));
  private proc?: ChildProcess;
  private exited?: Promise<void>;
  constructor(readonly port: number) {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    this.proc = spawn(
      'redis-server',
      [
        '--port',
        String(this.port),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        'no',
        '--dir',
        this.dir,
      ],
      { stdio: 'ignore' },
    );
    const proc = this.proc;
    this.exited = new Promise((resolve) => proc.once('exit', () => resolve()));
    await eventually(
      async () =>
        spawnSync('redis-cli', ['-p', String(this.port), 'ping'], {
          encoding: 'utf8',
        }).stdout.includes('PONG'),
      { timeoutMs: 20_000, intervalMs: 100 },
    );
  }

  /** SHUTDOWN NOSAVE: the data is gone. */
  async stop(): Promise<void> {
    spawnSync('redis-cli', ['-p', String(this.port), 'shutdown', 'nosave']);
    await this.exited;
  }

  async destroy(): Promise<void> {
    if (this.proc && this.proc.exitCode === null) {
      this.proc.kill('SIGKILL');
      await this.exited;
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/**
 * Redis restarted without its data (docs/RELIABILITY.md, "Redis restarted without its data"): the
 * worker registers its job schedulers again without a restart, and the job inbox is drained by a
 * timer of the process, not by a job scheduler that lived in Redis.
 */
describe('Redis restarted without its data', () => {
  let redis: PrivateRedis;
  let t: TestContext;

  beforeAll(async () => {
    redis = new PrivateRedis(await freePort());
    await redis.start();
    t = await createTestContext({ role: 'all', env: { REDIS_URL: redis.url } });
  });
  afterAll(async () => {
    await t?.close().catch(() => undefined);
    await redis?.destroy();
  });

  const schedulerKeys = async (): Promise<string[]> => {
    const keys: string[] = [];
    for (const name of new Set(SCHEDULES.map((s) => JOB_QUEUE[s.job]))) {
      keys.push(...(await t.get(JobProducer).queue(name).getJobSchedulers()).map((s) => s.key));
    }
    return keys.sort();
  };

  it('registers every job scheduler again once Redis is back, and drains the inbox by a timer', async () => {
    const all = SCHEDULES.map((s) => s.key).sort();
    expect(await schedulerKeys()).toEqual(all);
    await redis.stop();
    // A callback acknowledged while Redis is down waits in the inbox.
    const parked = await t
      .get(JobProducer)
      .enqueueDurable(JOB.RECONCILE_STK, {}, 'after-empty-restart');
    expect(parked).toBe('inbox');
    await redis.start();

    // Back, empty: the schedulers are registered again without restarting the process.
    expect(
      await eventually(
        async () =>
          (await schedulerKeys().catch(() => [])).length === all.length ? schedulerKeys() : null,
        { timeoutMs: 60_000, intervalMs: 250 },
      ),
    ).toEqual(all);
    // And the parked job reached its queue.
    await eventually(
      async () =>
        (await t.get(JobProducer).queue(QUEUE.PAYMENTS).getJob('after-empty-restart')) ??
        (
          await t.ds.query(
            `SELECT 1 FROM job_inbox WHERE job_id = 'after-empty-restart' AND enqueued_at IS NOT NULL`,
          )
        ).length,
      { timeoutMs: 60_000, intervalMs: 250 },
    );
    // The inbox is drained by a process timer as well, which needs nothing in Redis.
    expect(t.get(SchedulerRegistry).getIntervals().length).toBeGreaterThanOrEqual(2);
  });

  it('a periodic check puts back a scheduler lost while the connection stayed up', async () => {
    const queue = t.get(JobProducer).queue(QUEUE.SMS);
    await queue.removeJobScheduler('requeue-sms');
    expect(await queue.getJobScheduler('requeue-sms')).toBeUndefined();
    expect(await t.get(JobSchedulers).ensure()).toEqual(['requeue-sms']);
    expect(await queue.getJobScheduler('requeue-sms')).toMatchObject({ key: 'requeue-sms' });
  });
});
