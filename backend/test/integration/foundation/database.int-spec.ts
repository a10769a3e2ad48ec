import { getRepositoryToken } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { JobInbox } from '../../../src/common/queues/job-inbox.entity';
import { runMigrations } from '../../../src/database/migrate';
import { sql } from '../../setup/test-db';
import { createTestContext, TestContext } from '../../setup/test-app';

describe('PostgreSQL through migrations', () => {
  let t: TestContext;
  beforeAll(async () => (t = await createTestContext()));
  afterAll(() => t?.close());

  it('writes and reads a row of a migration-made table through TypeORM', async () => {
    const inbox = t.get<Repository<JobInbox>>(getRepositoryToken(JobInbox) as string);
    await inbox.insert({
      queueName: 'payments',
      jobName: 'drain-inbox',
      jobId: 'db-roundtrip-1',
      payload: { amount: '120.00' },
    });
    const row = await inbox.findOneByOrFail({ jobId: 'db-roundtrip-1' });
    expect(row).toMatchObject({
      queueName: 'payments',
      payload: { amount: '120.00' },
      attempts: 0,
      enqueuedAt: null,
    });
    expect(row.createdAt).toBeInstanceOf(Date);
  });

  it('enforces the unique job id at the database (a repeated callback fails closed)', async () => {
    const inbox = t.get<Repository<JobInbox>>(getRepositoryToken(JobInbox) as string);
    await inbox.insert({
      queueName: 'payments',
      jobName: 'drain-inbox',
      jobId: 'dup-1',
      payload: {},
    });
    await expect(
      inbox.insert({ queueName: 'payments', jobName: 'drain-inbox', jobId: 'dup-1', payload: {} }),
    ).rejects.toThrow(/duplicate key/);
  });

  it('has every migration applied and none pending', async () => {
    expect(await runMigrations(t.db.url)).toEqual([]);
    const applied = await sql<{ name: string }>(
      t.db.url,
      'SELECT name FROM migrations ORDER BY id',
    );
    expect(applied.map((m) => m.name)).toContain('CreateJobInbox1763900000000');
  });

  it('undoes the last migration and applies it again', async () => {
    const before = await sql(t.db.url, 'SELECT count(*)::int AS n FROM migrations');
    await runMigrations(t.db.url, true);
    const during = await sql(t.db.url, 'SELECT count(*)::int AS n FROM migrations');
    expect(during[0].n).toBe((before[0].n as number) - 1);
    expect((await runMigrations(t.db.url)).length).toBe(1);
  });
});
