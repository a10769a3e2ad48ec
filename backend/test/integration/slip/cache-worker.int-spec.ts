import { getQueueToken } from '@nestjs/bullmq';
import { Queue } from 'bullmq';
import Redis from 'ioredis';
import { TEST_REDIS_URL } from '../../setup/test-env';
import { JobProducer } from '../../../src/common/queues/job-producer.service';
import { JOB, QUEUE } from '../../../src/common/queues/queues';
import { createUser } from '../../factories/account';
import { dataDirWith, importFixtures, startReplay } from '../../factories/fixtures';
import { publishSlip, tippableGames } from '../../factories/slip';
import { createTestContext, TestContext } from '../../setup/test-app';
import { eventually } from '../../support/eventually';

jest.setTimeout(120_000);

describe('slip list cache and the settle-slips job (ROLE=all)', () => {
  let t: TestContext;
  let data: ReturnType<typeof dataDirWith>;

  beforeAll(async () => {
    data = dataDirWith(['E0-2025-26.csv']);
    t = await createTestContext({
      role: 'all',
      env: { FOOTBALL_DATA_DIR: data.dir, REPLAY_ANCHOR: '2026-04-20' },
    });
    await startReplay(t, '2026-11-23T12:00:00+03:00', '2026-11-23');
    await importFixtures(t);
  });
  afterAll(async () => {
    await t?.close();
    data?.remove();
  });

  it('serves the visitor lists from Redis until a slip is published', async () => {
    const games = (await tippableGames(t.ds, new Date('2026-04-22T12:00:00+03:00'), 40)).slice(-3);
    const { user } = await createUser(t.ds);
    const first = await publishSlip(t, user.id, games, { marketId: 4 });
    expect(
      (await t.request('GET', '/api/home/active')).body.slips.map((s: { id: number }) => s.id),
    ).toEqual([first.id]);
    // A row written behind the service's back is not seen while the cached list lives...
    await t.ds.query(`INSERT INTO slip (user_id, price_ksh, accumulator) VALUES ($1, 50, 2.00)`, [
      user.id,
    ]);
    expect(
      (await t.request('GET', '/api/home/active')).body.slips.map((s: { id: number }) => s.id),
    ).toEqual([first.id]);
    const redis = new Redis(TEST_REDIS_URL);
    const keys = await redis.keys(`${t.redisPrefix}:slips:list:*`);
    redis.disconnect();
    expect(keys).toContain(`${t.redisPrefix}:slips:list:home-active`);
    // ...and a publish drops it.
    const { user: other } = await createUser(t.ds);
    const second = await publishSlip(t, other.id, games, { marketId: 4 });
    const ids = (await t.request('GET', '/api/home/active')).body.slips.map(
      (s: { id: number }) => s.id,
    );
    expect(ids).toEqual(expect.arrayContaining([first.id, second.id]));
    expect(ids).toHaveLength(3);
  });

  it('registers the settle-slips scheduler and runs the job in the worker', async () => {
    // The slip module's own queue carries it (fixtures never calls into slip); none is left on fixtures.
    const queue = t.get<Queue>(getQueueToken(QUEUE.SETTLEMENT));
    expect((await queue.getJobSchedulers()).map((s) => s.key)).toContain('settle-slips');
    const fixtures = t.get<Queue>(getQueueToken(QUEUE.FIXTURES));
    expect((await fixtures.getJobSchedulers()).map((s) => s.key)).not.toContain('settle-slips');
    await t.get(JobProducer).enqueue(JOB.SETTLE_SLIPS, {}, 'test-settle-1');
    const job = await eventually(
      async () => {
        const j = await queue.getJob('test-settle-1');
        return j?.finishedOn ? j : undefined;
      },
      { timeoutMs: 20_000, what: 'the settle-slips job to finish' },
    );
    expect(job.failedReason).toBeUndefined();
    expect(job.returnvalue).toEqual({ settled: 0 });
  });
});
