import { JobProducer } from '../../../src/common/queues/job-producer.service';
import { JOB, QUEUE } from '../../../src/common/queues/queues';
import { AppConfig } from '../../../src/config/app-config';
import { createUser, CreatedUser } from '../../factories/account';
import { eventually } from '../processor/support';
import { createTestContext, freePort, TestContext } from '../../setup/test-app';
import { b2cResultBody, insertSaleShare, insertSlip, withdrawalLedger } from './finance-support';
import { expectMoneyInvariants } from '../../support/money-invariants';

jest.setTimeout(120_000);

/** A TCP port nothing listens on: Redis there refuses every connection. */
const deadPort = freePort;

/**
 * Payout jobs and B2C Results while Redis is unreachable (docs/ARCHITECTURE.md "Queues": never lost):
 * `down` (API, Redis on a dead port) parks an admin's approval job and a B2C Result in job_inbox;
 * `up` (API + worker, real Redis, same database) drains them: one withdrawal is paid through the
 * sandbox, the other by the parked Result, once each.
 */
describe('payouts with Redis down: job inbox, then drained', () => {
  let down: TestContext;
  let up: TestContext | undefined;
  let admin: CreatedUser;
  let approvedId: number;
  let resultId: number;

  const inbox = (ctx: TestContext) =>
    ctx.ds.query(
      `SELECT job_name, job_id, queue_name FROM job_inbox WHERE queue_name = $1 ORDER BY id`,
      [QUEUE.PAYOUTS],
    );
  const withdrawal = async (ctx: TestContext, id: number) =>
    (await ctx.ds.query(`SELECT status, total_paid::text FROM withdrawal WHERE id = $1`, [id]))[0];
  const requested = async (paid: string): Promise<number> => {
    const tipster = await createUser(down.ds, { role: 'tipster' });
    await insertSaleShare(
      down.ds,
      tipster.user.id,
      await insertSlip(down.ds, tipster.user.id),
      paid,
      'P',
    );
    const res = await down.request('POST', '/api/finance/withdraw_request', {
      token: tipster.token,
      body: { phone_number: '0712345678' },
    });
    expect(res.status).toBe(200);
    return res.body.withdrawal.id;
  };

  beforeAll(async () => {
    down = await createTestContext({
      role: 'api',
      listen: true,
      env: { REDIS_URL: `redis://127.0.0.1:${await deadPort()}` },
    });
    admin = await createUser(down.ds, { role: 'admin' });
    approvedId = await requested('1000.00');
    resultId = await requested('700.00');
    // Withdrawal `resultId` was approved and sent before the outage: its part awaits the Result.
    await down.ds.query(
      `UPDATE withdrawal SET approved_at = now(), approved_by = $2 WHERE id = $1`,
      [resultId, admin.user.id],
    );
    await down.ds.query(
      `INSERT INTO b2c_payout (withdrawal_id, part, amount, originator_conversation_id, conversation_id, status)
       VALUES ($1, 1, 700, $2, 'AG_20261123_00000000000000000abc', 'accepted')`,
      [resultId, `withdrawal-${resultId}-1`],
    );
  });
  // Every scenario leaves the money consistent (docs/PRODUCT-RULES.md "Money").
  afterEach(() => expectMoneyInvariants(down.ds));
  afterAll(async () => {
    await up?.close();
    await down?.close();
  });

  it('parks the approval job and the B2C Result in job_inbox, answering at once', async () => {
    const approve = await down.request('PUT', `/api/backoffice/withdrawals/${approvedId}`, {
      token: admin.token,
      body: { status: 'approved' },
    });
    expect(approve).toMatchObject({
      status: 200,
      body: { status: 'P', approved_by: admin.user.id },
    });
    const body = b2cResultBody({
      originator: `withdrawal-${resultId}-1`,
      conversationId: 'AG_20261123_00000000000000000abc',
      resultCode: 0,
      amount: 700,
      transactionId: 'TKDWN0RD01',
    });
    const path = `/api/finance/callbacks/b2c-result/${down.get(AppConfig).mpesa.callbackToken}`;
    for (let i = 0; i < 3; i++)
      expect(await down.request('POST', path, { body })).toMatchObject({
        status: 200,
        body: { ResultCode: 0 },
      });
    expect(await inbox(down)).toEqual([
      {
        job_name: JOB.B2C_WITHDRAWAL,
        job_id: `withdrawal-${approvedId}`,
        queue_name: QUEUE.PAYOUTS,
      },
      {
        job_name: JOB.B2C_RESULT,
        job_id: `b2c-withdrawal-${resultId}-1-0`,
        queue_name: QUEUE.PAYOUTS,
      },
    ]);
    expect(await withdrawal(down, resultId)).toEqual({ status: 'P', total_paid: '0.00' });
  });

  it('with Redis back, the drain pays both withdrawals once', async () => {
    up = await createTestContext({
      role: 'all',
      listen: true,
      env: { DATABASE_URL: down.db.url, SANDBOX_B2C_RESULT_DELAY_MS: '300' },
    });
    const ctx = up;
    await ctx.get(JobProducer).enqueue(JOB.DRAIN_INBOX, {}, 'drain-payouts-after-outage');
    expect(
      await eventually(
        async () =>
          (await withdrawal(ctx, resultId)).status === 'W' ? withdrawal(ctx, resultId) : null,
        { timeoutMs: 20_000 },
      ),
    ).toEqual({ status: 'W', total_paid: '700.00' });
    expect(
      await eventually(
        async () =>
          (await withdrawal(ctx, approvedId)).status === 'W' ? withdrawal(ctx, approvedId) : null,
        { timeoutMs: 20_000 },
      ),
    ).toEqual({ status: 'W', total_paid: '1000.00' });
    for (const id of [approvedId, resultId])
      expect(await withdrawalLedger(ctx.ds, id)).toHaveLength(1);
    expect(
      await ctx.ds.query(`SELECT count(*)::int n FROM b2c_payout WHERE withdrawal_id = $1`, [
        approvedId,
      ]),
    ).toEqual([{ n: 1 }]);
  });
});
