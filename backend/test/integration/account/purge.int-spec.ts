import { createHash, randomUUID } from 'crypto';
import { Queue } from 'bullmq';
import { getQueueToken } from '@nestjs/bullmq';
import {
  AccountMaintenanceService,
  CREDENTIAL_RETENTION_HOURS,
} from '../../../src/modules/account/account-maintenance.service';
import { JOB, QUEUE } from '../../../src/common/queues/queues';
import { SCHEDULES } from '../../../src/jobs/job-schedulers';
import { createTestContext, TestContext } from '../../setup/test-app';
import { createUser } from '../../factories/account';
import { eventually } from '../processor/support';
import { req } from './account-helpers';

const HOUR = 3_600_000;
const hash = (s: string): string => createHash('sha256').update(s).digest('hex');

/** docs/PRODUCT-RULES.md "Accounts": expired login sessions, reset tokens and verification codes are purged by a schedule. */
describe('purging expired credentials', () => {
  let t: TestContext;
  let purge: AccountMaintenanceService;
  beforeAll(async () => {
    t = await createTestContext({ role: 'all' });
    purge = t.get(AccountMaintenanceService);
    // The hourly scheduler's first purge runs at boot, in the worker: wait until it has finished,
    // or it could delete this file's expired rows before the test's own purge counts them.
    const queue = t.get<Queue>(getQueueToken(QUEUE.MAINTENANCE) as string);
    await eventually(async () =>
      (await queue.getJobs(['completed', 'failed'])).some(
        (job) => job.name === JOB.PURGE_EXPIRED_TOKENS,
      ),
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  const ago = (hours: number): Date => new Date(Date.now() - hours * HOUR);
  const ahead = (hours: number): Date => new Date(Date.now() + hours * HOUR);

  it('deletes only what stopped working more than the retention period ago; a live session still refreshes', async () => {
    const { user, refresh } = await createUser(t.ds);
    const other = await createUser(t.ds);
    const family = async (expiresAt: Date, revoked: boolean): Promise<string> => {
      const id = randomUUID();
      await t.ds.query(
        `INSERT INTO refresh_token_family (id, user_id, generation, token_hash, expires_at, revoked_at, revoked_reason)
         VALUES ($1, $2, 0, $3, $4, $5, $6)`,
        [
          id,
          other.user.id,
          hash(id),
          expiresAt,
          revoked ? ago(1) : null,
          revoked ? 'logout' : null,
        ],
      );
      return id;
    };
    const longExpired = await family(ago(CREDENTIAL_RETENTION_HOURS + 1), false);
    const revokedLongExpired = await family(ago(CREDENTIAL_RETENTION_HOURS + 5), true);
    const justExpired = await family(ago(1), false);
    const revokedStillValid = await family(ahead(24 * 20), true);

    const token = async (table: string, expiresAt: Date, usedAt: Date | null): Promise<string> => {
      const column = table === 'password_reset_token' ? 'token_hash' : 'code_hash';
      const extra = table === 'email_verification_code' ? ', email' : '';
      const extraValue = table === 'email_verification_code' ? `, '${other.user.email}'` : '';
      const [row] = await t.ds.query(
        `INSERT INTO ${table} (user_id, ${column}, expires_at, used_at${extra}) VALUES ($1, $2, $3, $4${extraValue}) RETURNING id`,
        [other.user.id, hash(randomUUID()), expiresAt, usedAt],
      );
      return String(row.id);
    };
    const resetOld = await token('password_reset_token', ago(CREDENTIAL_RETENTION_HOURS + 2), null);
    const resetUsedLongAgo = await token(
      'password_reset_token',
      ago(CREDENTIAL_RETENTION_HOURS + 1),
      ago(CREDENTIAL_RETENTION_HOURS + 1.5),
    );
    const resetLive = await token('password_reset_token', ahead(1), null);
    const codeOld = await token(
      'email_verification_code',
      ago(CREDENTIAL_RETENTION_HOURS + 3),
      null,
    );
    const codeLive = await token('email_verification_code', ahead(20), null);

    const report = await purge.purgeExpired();
    expect(report.refreshSessions).toBeGreaterThanOrEqual(2);
    expect(report.resetTokens).toBeGreaterThanOrEqual(2);
    expect(report.verificationCodes).toBeGreaterThanOrEqual(1);

    const ids = async (table: string): Promise<string[]> =>
      (await t.ds.query(`SELECT id::text FROM ${table} WHERE user_id = $1`, [other.user.id])).map(
        (r: { id: string }) => r.id,
      );
    const families = await ids('refresh_token_family');
    expect(families).not.toContain(longExpired);
    expect(families).not.toContain(revokedLongExpired);
    expect(families).toEqual(expect.arrayContaining([justExpired, revokedStillValid]));
    const resets = await ids('password_reset_token');
    expect(resets).toEqual([resetLive]);
    expect(resets).not.toContain(resetOld);
    expect(resets).not.toContain(resetUsedLongAgo);
    expect(await ids('email_verification_code')).toEqual([codeLive]);
    expect(codeOld).toBeDefined();

    const refreshed = await req(t, 'POST', '/api/account/token/refresh', { body: { refresh } });
    expect(refreshed.status).toBe(200);
    expect(user.id).toBeGreaterThan(0);

    expect(await purge.purgeExpired()).toEqual({
      refreshSessions: 0,
      resetTokens: 0,
      verificationCodes: 0,
    });
  });

  it('runs hourly as a BullMQ job scheduler on the maintenance queue', async () => {
    expect(SCHEDULES).toContainEqual({
      key: 'purge-expired-tokens',
      job: JOB.PURGE_EXPIRED_TOKENS,
      everyMs: HOUR,
    });
    const queue = t.get<Queue>(getQueueToken(QUEUE.MAINTENANCE) as string);
    const schedulers = await queue.getJobSchedulers();
    expect(schedulers.map((s) => s.key)).toContain('purge-expired-tokens');
  });
});
