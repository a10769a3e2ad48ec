import { jobId, QUEUE } from '../../../src/common/queues/queues';
import { AppConfig } from '../../../src/config/app-config';
import { PayoutService } from '../../../src/modules/finance/payout.service';
import { parseB2cResult } from '../../../src/providers/daraja/daraja.client';
import { createUser, CreatedUser } from '../../factories/account';
import { eventually, jobsFinished } from '../processor/support';
import { createTestContext, TestContext } from '../../setup/test-app';
import { b2cResultBody, insertSaleShare, insertSlip, withdrawalLedger } from './finance-support';
import { expectMoneyInvariants } from '../../support/money-invariants';

jest.setTimeout(120_000);

/**
 * Withdrawal payouts end to end (docs/PRODUCT-RULES.md "Withdrawals"; docs/PROVIDERS.md §1.8) with the worker, the
 * Daraja sandbox, PostgreSQL and Redis: request → admin approval in the back office → `payouts`
 * job → B2C → the sandbox posts the Result to our callback → paid (W) with total_paid; a failed
 * payout gives the amount back; repeated Results change nothing.
 */
describe('withdrawal payouts by B2C', () => {
  let t: TestContext;
  let admin: CreatedUser;
  let token: string;

  beforeAll(async () => {
    t = await createTestContext({
      role: 'all',
      listen: true,
      env: { SANDBOX_B2C_RESULT_DELAY_MS: '300' },
    });
    admin = await createUser(t.ds, { role: 'admin' });
    token = t.get(AppConfig).mpesa.callbackToken;
  });
  // Every scenario leaves the money consistent (docs/PRODUCT-RULES.md "Money").
  afterEach(() => expectMoneyInvariants(t.ds));
  afterAll(() => t?.close());
  afterEach(() => t.request('DELETE', '/sandbox/api/faults'));
  // The literal Results report a B2C float (B2CUtilityAccountAvailableFunds 98,750) that would hold a
  // later, larger payout (docs/PRODUCT-RULES.md R195): each scenario starts with no float report.
  afterEach(() => t.ds.query(`DELETE FROM b2c_float`));

  /** A tipster with `paid` Ksh in the balance who has asked to withdraw it to `phone`; returns the withdrawal id. */
  const requested = async (
    paid: string,
    phone = '0712345678',
  ): Promise<{ tipster: CreatedUser; id: number }> => {
    const tipster = await createUser(t.ds, { role: 'tipster' });
    await insertSaleShare(
      t.ds,
      tipster.user.id,
      await insertSlip(t.ds, tipster.user.id),
      paid,
      'P',
    );
    const res = await t.request('POST', '/api/finance/withdraw_request', {
      token: tipster.token,
      body: { phone_number: phone },
    });
    expect(res.status).toBe(200);
    return { tipster, id: res.body.withdrawal.id };
  };
  const decide = (id: number, status: string, who = admin.token) =>
    t.request('PUT', `/api/backoffice/withdrawals/${id}`, { token: who, body: { status } });
  const withdrawal = async (id: number) =>
    (
      await t.ds.query(
        `SELECT status, amount::text, total_paid::text, approved_by, failure_reason FROM withdrawal WHERE id = $1`,
        [id],
      )
    )[0];
  const parts = (id: number) =>
    t.ds.query(
      `SELECT part, status, amount::text, originator_conversation_id, conversation_id, transaction_id, result_code FROM b2c_payout WHERE withdrawal_id = $1 ORDER BY part`,
      [id],
    );
  const balance = async (tipster: CreatedUser) =>
    (await t.request('GET', '/api/finance/pending_amount', { token: tipster.token })).body
      .account_balance;
  const settled = (id: number, status: string) =>
    eventually(async () => ((await withdrawal(id)).status === status ? withdrawal(id) : null), {
      timeoutMs: 20_000,
    });
  const postResult = (body: unknown) =>
    t.request('POST', `/api/finance/callbacks/b2c-result/${token}`, { body });

  it('approve → B2C → Result → paid (W) with total_paid; the audit records the decision', async () => {
    const { tipster, id } = await requested('1250.00');
    const res = await decide(id, 'approved');
    expect(res).toMatchObject({
      status: 200,
      body: { id, status: 'P', approved_by: admin.user.id },
    });
    const w = await settled(id, 'W');
    expect(w).toMatchObject({ amount: '1250.00', total_paid: '1250.00' });
    const [part] = await parts(id);
    expect(part).toMatchObject({
      part: 1,
      status: 'paid',
      amount: '1250.00',
      originator_conversation_id: `withdrawal-${id}-1`,
      result_code: '0',
    });
    expect(part.conversation_id).toMatch(/^AG_\d{8}_[0-9a-f]{20}$/);
    expect(part.transaction_id).toMatch(/^[A-Z0-9]{10}$/);
    const sandbox = await t.request('GET', `/sandbox/api/daraja/b2c/${part.conversation_id}`);
    expect(sandbox.body).toMatchObject({
      originatorConversationId: `withdrawal-${id}-1`,
      amount: '1250.00',
      partyB: '254712345678',
      transactionId: part.transaction_id,
    });
    expect(await withdrawalLedger(t.ds, id)).toEqual([{ kind: 'withdrawal', amount: '-1250.00' }]);
    expect(await balance(tipster)).toBe('0.00');
    const listed = await t.request('GET', '/api/finance/withdrawals', { token: tipster.token });
    expect(listed.body.withdrawals[0]).toMatchObject({
      id,
      status: 'W',
      total_paid: '1250.00',
      balance: '0.00',
    });
    const [audit] = await t.ds.query(
      `SELECT action, resource, record_id, actor_id FROM admin_audit WHERE resource = 'withdrawals' AND record_id = $1`,
      [String(id)],
    );
    expect(audit).toEqual({
      action: 'update',
      resource: 'withdrawals',
      record_id: String(id),
      actor_id: admin.user.id,
    });

    // The same Result again (5 times), and a late failure Result for the same part: no change.
    const again = b2cResultBody({
      originator: part.originator_conversation_id,
      conversationId: part.conversation_id,
      resultCode: 0,
      amount: 1250,
      transactionId: part.transaction_id,
    });
    for (let i = 0; i < 5; i++) expect((await postResult(again)).status).toBe(200);
    expect(
      (
        await postResult(
          b2cResultBody({
            originator: part.originator_conversation_id,
            conversationId: part.conversation_id,
            resultCode: 2001,
          }),
        )
      ).status,
    ).toBe(200);
    // Each Result is one job (originator and ResultCode); once both have run, nothing more comes.
    await jobsFinished(t, QUEUE.PAYOUTS, [
      jobId('b2c', part.originator_conversation_id, '0'),
      jobId('b2c', part.originator_conversation_id, '2001'),
    ]);
    expect(await withdrawal(id)).toMatchObject({ status: 'W', total_paid: '1250.00' });
    expect(await withdrawalLedger(t.ds, id)).toHaveLength(1);
    expect(await decide(id, 'approved')).toMatchObject({ status: 409 });
  });

  it('a failed B2C Result fails the withdrawal (F) and gives the amount back to the balance', async () => {
    // Sandbox: recipient 254700000040 → ResultCode 2040 (customer not registered).
    const { tipster, id } = await requested('700.00', '0700000040');
    expect(await balance(tipster)).toBe('0.00');
    expect((await decide(id, 'approved')).status).toBe(200);
    const w = await settled(id, 'F');
    expect(w).toMatchObject({ total_paid: '0.00', failure_reason: expect.any(String) });
    expect(await parts(id)).toMatchObject([{ status: 'failed', result_code: '2040' }]);
    expect(await withdrawalLedger(t.ds, id)).toEqual([
      { kind: 'withdrawal', amount: '-700.00' },
      { kind: 'withdrawal_reversal', amount: '700.00' },
    ]);
    expect(await balance(tipster)).toBe('700.00');
    const listed = await t.request('GET', '/api/finance/withdrawals', { token: tipster.token });
    expect(listed.body.withdrawals[0]).toMatchObject({
      id,
      status: 'F',
      total_paid: '0.00',
      balance: '700.00',
    });
  });

  it('applies the same failure Result sent 5 times once: one credit back', async () => {
    const { tipster, id } = await requested('800.00');
    // The sandbox's own Result is dropped: ours are the only ones.
    await t.request('POST', '/sandbox/api/faults', {
      body: { target: 'callback.daraja.b2c', count: 1 },
    });
    expect((await decide(id, 'approved')).status).toBe(200);
    const [part] = await eventually(async () => {
      const rows = await parts(id);
      return rows[0]?.status === 'accepted' ? rows : null;
    });
    const failure = b2cResultBody({
      originator: part.originator_conversation_id,
      conversationId: part.conversation_id,
      resultCode: 2001,
    });
    const answers = await Promise.all(Array.from({ length: 5 }, () => postResult(failure)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(answers[0].body).toEqual({ ResultCode: 0, ResultDesc: 'Accepted' });
    await settled(id, 'F');
    await jobsFinished(t, QUEUE.PAYOUTS, [jobId('b2c', part.originator_conversation_id, '2001')]);
    expect(await withdrawalLedger(t.ds, id)).toEqual([
      { kind: 'withdrawal', amount: '-800.00' },
      { kind: 'withdrawal_reversal', amount: '800.00' },
    ]);
    expect(await balance(tipster)).toBe('800.00');
    // Applied directly (no jobId de-duplication), 5 times at once: every one a no-op now.
    const parsed = parseB2cResult(failure);
    expect(
      await Promise.all(Array.from({ length: 5 }, () => t.get(PayoutService).applyResult(parsed))),
    ).toEqual(['noop', 'noop', 'noop', 'noop', 'noop']);
    // A success Result arriving after the failure (reordered) changes nothing either.
    await postResult(
      b2cResultBody({
        originator: part.originator_conversation_id,
        conversationId: part.conversation_id,
        resultCode: 0,
        amount: 800,
        transactionId: 'TKX9ZZ81QA',
      }),
    );
    await jobsFinished(t, QUEUE.PAYOUTS, [jobId('b2c', part.originator_conversation_id, '0')]);
    expect(await withdrawal(id)).toMatchObject({ status: 'F', total_paid: '0.00' });
  });

  it('applies one of 5 concurrent identical paid Results and ignores a replayed TransactionID on another withdrawal', async () => {
    const first = await requested('900.00');
    const second = await requested('600.00');
    await t.request('POST', '/sandbox/api/faults', {
      body: { target: 'callback.daraja.b2c', count: 2 },
    });
    for (const w of [first, second]) expect((await decide(w.id, 'approved')).status).toBe(200);
    const accepted = (id: number) =>
      eventually(async () => {
        const rows = await parts(id);
        return rows[0]?.status === 'accepted' ? rows[0] : null;
      });
    const [p1, p2] = [await accepted(first.id), await accepted(second.id)];
    const paid = parseB2cResult(
      b2cResultBody({
        originator: p1.originator_conversation_id,
        conversationId: p1.conversation_id,
        resultCode: 0,
        amount: 900,
        transactionId: 'TKR3PL4Y01',
      }),
    );
    const outcomes = await Promise.all(
      Array.from({ length: 5 }, () => t.get(PayoutService).applyResult(paid)),
    );
    expect(outcomes.sort()).toEqual(['noop', 'noop', 'noop', 'noop', 'paid']);
    expect(await withdrawal(first.id)).toMatchObject({ status: 'W', total_paid: '900.00' });
    // The same receipt presented for another withdrawal's part: refused by UNIQUE TransactionID.
    const replay = parseB2cResult(
      b2cResultBody({
        originator: p2.originator_conversation_id,
        conversationId: p2.conversation_id,
        resultCode: 0,
        amount: 600,
        transactionId: 'TKR3PL4Y01',
      }),
    );
    expect(await t.get(PayoutService).applyResult(replay)).toBe('noop');
    expect(await withdrawal(second.id)).toMatchObject({ status: 'P', total_paid: '0.00' });
    expect(await balance(first.tipster)).toBe('0.00');
  });

  it('pays a withdrawal over Ksh 250,000 in B2C parts; total_paid grows part by part', async () => {
    const { tipster, id } = await requested('300000.00');
    expect((await decide(id, 'approved')).status).toBe(200);
    expect(await settled(id, 'W')).toMatchObject({ amount: '300000.00', total_paid: '300000.00' });
    expect(await parts(id)).toMatchObject([
      {
        part: 1,
        status: 'paid',
        amount: '150000.00',
        originator_conversation_id: `withdrawal-${id}-1`,
      },
      {
        part: 2,
        status: 'paid',
        amount: '150000.00',
        originator_conversation_id: `withdrawal-${id}-2`,
      },
    ]);
    expect(await balance(tipster)).toBe('0.00');
  });

  it('a part that fails gives back only what was not paid: W with total_paid below amount', async () => {
    // Sandbox: a whole amount ending in 99 → ResultCode 1. 250,199 → parts 125,100 and 125,099.
    const { tipster, id } = await requested('250199.00');
    expect((await decide(id, 'approved')).status).toBe(200);
    expect(await settled(id, 'W')).toMatchObject({ amount: '250199.00', total_paid: '125100.00' });
    expect(await parts(id)).toMatchObject([
      { part: 1, status: 'paid', amount: '125100.00' },
      { part: 2, status: 'failed', amount: '125099.00', result_code: '1' },
    ]);
    expect(await withdrawalLedger(t.ds, id)).toEqual([
      { kind: 'withdrawal', amount: '-250199.00' },
      { kind: 'withdrawal_reversal', amount: '125099.00' },
    ]);
    expect(await balance(tipster)).toBe('125099.00');
  });

  it('a B2C request Daraja refuses at once fails the withdrawal and gives the amount back', async () => {
    const { tipster, id } = await requested('520.00');
    await t.request('POST', '/sandbox/api/faults', {
      body: { target: 'daraja.b2c', count: 1, status: 400 },
    });
    expect((await decide(id, 'approved')).status).toBe(200);
    expect(await settled(id, 'F')).toMatchObject({ total_paid: '0.00' });
    expect(await parts(id)).toMatchObject([{ status: 'failed', conversation_id: null }]);
    expect(await balance(tipster)).toBe('520.00');
  });

  it('reconciliation sends again the payout of an approved withdrawal whose job was lost, once', async () => {
    const lost = await requested('610.00'); // approved, no job, no part
    const unanswered = await requested('620.00'); // approved, its part written but never answered
    await t.ds.query(
      `UPDATE withdrawal SET approved_at = now() - interval '10 minutes', approved_by = $2 WHERE id = ANY($1)`,
      [[lost.id, unanswered.id], admin.user.id],
    );
    await t.ds.query(
      `INSERT INTO b2c_payout (withdrawal_id, part, amount, originator_conversation_id, status, updated_at) VALUES ($1, 1, 620, $2, 'sending', now() - interval '10 minutes')`,
      [unanswered.id, `withdrawal-${unanswered.id}-1`],
    );
    expect(await t.get(PayoutService).reconcile()).toBe(2);
    expect(await settled(lost.id, 'W')).toMatchObject({ total_paid: '610.00' });
    expect(await settled(unanswered.id, 'W')).toMatchObject({ total_paid: '620.00' });
    expect(await parts(unanswered.id)).toMatchObject([{ part: 1, status: 'paid' }]);
    expect(await t.get(PayoutService).reconcile(0)).toBe(0);
  });

  it('rejecting gives the amount back (R); a rejected or approved withdrawal cannot be decided again', async () => {
    const { tipster, id } = await requested('650.00');
    expect(await decide(id, 'rejected')).toMatchObject({ status: 200, body: { id, status: 'R' } });
    expect(await withdrawalLedger(t.ds, id)).toEqual([
      { kind: 'withdrawal', amount: '-650.00' },
      { kind: 'withdrawal_reversal', amount: '650.00' },
    ]);
    expect(await balance(tipster)).toBe('650.00');
    expect(await decide(id, 'approved')).toMatchObject({
      status: 409,
      body: { message: 'This withdrawal has already been decided' },
    });
    expect(await decide(id, 'rejected')).toMatchObject({ status: 409 });
    expect(await parts(id)).toEqual([]);
  });

  it('refuses a non-admin decision with 403 and a bad decision with 400, changing nothing', async () => {
    const { tipster, id } = await requested('550.00');
    expect(await decide(id, 'approved', tipster.token)).toMatchObject({ status: 403 });
    const user = await createUser(t.ds);
    expect(await decide(id, 'approved', user.token)).toMatchObject({ status: 403 });
    expect(await decide(id, 'paid')).toMatchObject({ status: 400 });
    expect(await withdrawal(id)).toMatchObject({ status: 'P', approved_by: null });
  });

  it('answers 404 to a wrong callback token and 400 to a malformed Result', async () => {
    const body = b2cResultBody({
      originator: 'withdrawal-1-1',
      conversationId: 'AG_20261123_0000',
      resultCode: 0,
      amount: 10,
    });
    expect(
      (await t.request('POST', '/api/finance/callbacks/b2c-result/wrong-token-0000000', { body }))
        .status,
    ).toBe(404);
    expect((await postResult({ Result: { ResultCode: 0 } })).status).toBe(400);
    expect(
      (await t.request('POST', `/api/finance/callbacks/b2c-timeout/${token}`, { body: {} })).status,
    ).toBe(200);
  });
});
