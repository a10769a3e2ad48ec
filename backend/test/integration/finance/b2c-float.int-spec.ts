import { JobProducer } from '../../../src/common/queues/job-producer.service';
import { JOB, jobId, QUEUE } from '../../../src/common/queues/queues';
import { AppConfig } from '../../../src/config/app-config';
import { createUser, CreatedUser } from '../../factories/account';
import { eventually } from '../processor/support';
import { createTestContext, TestContext } from '../../setup/test-app';
import { insertSaleShare, insertSlip } from './finance-support';
import { expectMoneyInvariants } from '../../support/money-invariants';

jest.setTimeout(120_000);

/**
 * The B2C float checked with Daraja's Account Balance before payouts are released
 * (docs/PRODUCT-RULES.md R195, R196; docs/PROVIDERS.md §1.12): the `check-b2c-float` job asks,
 * the sandbox posts the Result, the Utility Account's balance is stored; a payout a fresh report
 * cannot cover is held (its job retried) and sent once a report says the float covers it. The
 * float row is removed after each test so other payout tests are never held.
 */
describe('B2C float before payouts', () => {
  let t: TestContext;
  let admin: CreatedUser;
  let token: string;
  const run = Date.now();

  beforeAll(async () => {
    t = await createTestContext({
      role: 'all',
      listen: true,
      env: { SANDBOX_B2C_RESULT_DELAY_MS: '300', SANDBOX_B2C_FLOAT_KSH: '5000' },
    });
    admin = await createUser(t.ds, { role: 'admin' });
    token = t.get(AppConfig).mpesa.callbackToken;
  });
  afterEach(async () => {
    await t.request('DELETE', '/sandbox/api/faults');
    await t.ds.query(`DELETE FROM b2c_float`);
    await expectMoneyInvariants(t.ds);
  });
  afterAll(() => t?.close());

  const float = async () =>
    (await t.ds.query(`SELECT utility_available::text AS amount, source FROM b2c_float`))[0] as
      { amount: string; source: string } | undefined;
  /** An Account Balance Result (literal §1.12 shape) whose Utility Account holds `utility` Ksh. */
  const balanceResult = (conversationId: string, utility: string) => ({
    Result: {
      ResultType: 0,
      ResultCode: 0,
      ResultDesc: 'The service request is processed successfully.',
      OriginatorConversationID: '515-5258779-3',
      ConversationID: conversationId,
      TransactionID: 'OAR0000000',
      ResultParameters: {
        ResultParameter: [
          {
            Key: 'AccountBalance',
            Value: `Working Account|KES|46713.00|46713.00|0.00|0.00&Float Account|KES|0.00|0.00|0.00|0.00&Utility Account|KES|${utility}|${utility}|0.00|0.00&Charges Paid Account|KES|-220.00|-220.00|0.00|0.00&Organization Settlement Account|KES|0.00|0.00|0.00|0.00`,
          },
          { Key: 'BOCompletedTime', Value: 20261205125710 },
        ],
      },
      ReferenceData: {
        ReferenceItem: {
          Key: 'QueueTimeoutURL',
          Value: 'https://internalsandbox.safaricom.co.ke/mpesa/abresults/v1/submit',
        },
      },
    },
  });
  const postBalance = (body: unknown, tok = token) =>
    t.request('POST', `/api/finance/callbacks/balance-result/${tok}`, { body });

  it('the check-b2c-float job asks Account Balance; the sandbox Result stores the Utility Account balance', async () => {
    await t.get(JobProducer).enqueue(JOB.CHECK_B2C_FLOAT, {}, `check-b2c-float-${run}`);
    expect(await eventually(float, { timeoutMs: 20_000 })).toEqual({
      amount: '5000.00',
      source: 'account-balance',
    });
  });

  it('a payout a fresh report cannot cover is held, then sent once a report covers it', async () => {
    // The sandbox's own balance Results (the worker's check at boot, the schedule) are dropped meanwhile.
    expect(
      (
        await t.request('POST', '/sandbox/api/faults', {
          body: { target: 'callback.daraja.balance', count: 100 },
        })
      ).status,
    ).toBeLessThan(300);
    expect(await postBalance(balanceResult(`AG_${run}_low`, '300.00'))).toMatchObject({
      status: 200,
      body: { ResultCode: 0, ResultDesc: 'Accepted' },
    });
    await eventually(async () => (await float())?.amount === '300.00', { timeoutMs: 20_000 });

    const tipster = await createUser(t.ds, { role: 'tipster' });
    await insertSaleShare(
      t.ds,
      tipster.user.id,
      await insertSlip(t.ds, tipster.user.id),
      '700.00',
      'P',
    );
    const wr = await t.request('POST', '/api/finance/withdraw_request', {
      token: tipster.token,
      body: { phone_number: '0712345678' },
    });
    expect(wr.status).toBe(200);
    const id: number = wr.body.withdrawal.id;
    expect(
      (
        await t.request('PUT', `/api/backoffice/withdrawals/${id}`, {
          token: admin.token,
          body: { status: 'approved' },
        })
      ).status,
    ).toBe(200);

    // Held: the job failed its first attempt before any B2C request; nothing sent, nothing paid.
    const payouts = t.get(JobProducer).queue(QUEUE.PAYOUTS);
    const job = await eventually(
      async () => {
        const j = await payouts.getJob(jobId('withdrawal', id));
        return j && j.attemptsMade >= 1 ? j : null;
      },
      { timeoutMs: 20_000 },
    );
    expect(job.failedReason).toMatch(/B2C float \(Ksh 300\.00\) cannot cover Ksh 700\.00/);
    expect(await t.ds.query(`SELECT * FROM b2c_payout WHERE withdrawal_id = $1`, [id])).toEqual([]);
    expect((await t.ds.query(`SELECT status FROM withdrawal WHERE id = $1`, [id]))[0].status).toBe(
      'P',
    );

    // The float is topped up: the next attempt sends it and the sandbox pays it.
    expect((await postBalance(balanceResult(`AG_${run}_high`, '50000.00'))).status).toBe(200);
    await eventually(async () => (await float())?.amount === '50000.00', { timeoutMs: 20_000 });
    await (await payouts.getJob(jobId('withdrawal', id)))?.promote().catch(() => undefined);
    await eventually(
      async () =>
        (await t.ds.query(`SELECT status FROM withdrawal WHERE id = $1`, [id]))[0].status === 'W',
      { timeoutMs: 30_000 },
    );
    // The B2C Result reports the float too (B2CUtilityAccountAvailableFunds).
    expect(
      await eventually(async () => ((await float())?.source === 'b2c-result' ? float() : null), {
        timeoutMs: 20_000,
      }),
    ).toEqual({ amount: '1000000.00', source: 'b2c-result' });
  });

  it('the Result route: wrong token 404, malformed 400, a refused question stores nothing', async () => {
    expect((await postBalance(balanceResult(`AG_${run}_x`, '1.00'), 'wrong-token')).status).toBe(
      404,
    );
    expect((await postBalance({ Result: { ResultCode: 0 } })).status).toBe(400);
    const refused = {
      Result: {
        ResultType: 0,
        ResultCode: 2001,
        ResultDesc: 'The initiator information is invalid.',
        OriginatorConversationID: '515-5258779-4',
        ConversationID: `AG_${run}_refused`,
        TransactionID: 'OAR0000000',
      },
    };
    expect((await postBalance(refused)).status).toBe(200);
    const payouts = t.get(JobProducer).queue(QUEUE.PAYOUTS);
    await eventually(
      async () => (await payouts.getJob(jobId('balance', `AG_${run}_refused`)))?.isCompleted(),
      { timeoutMs: 20_000 },
    );
    expect(await float()).toBeUndefined();
    expect(
      (
        await t.request('POST', `/api/finance/callbacks/balance-result/${token}/timeout`, {
          body: {},
        })
      ).status,
    ).toBe(200);
  });
});
