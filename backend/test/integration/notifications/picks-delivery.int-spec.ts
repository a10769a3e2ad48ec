import { AdjustableClock } from '../../../src/common/clock/adjustable-clock';
import { fixedClock } from '../../../src/common/clock/clock';
import { AppConfig } from '../../../src/config/app-config';
import { AT_DELIVERY_REPORT_PATH } from '../../../src/modules/notifications/sms/sms.constants';
import {
  PicksDeliveryCheckService,
  PicksDeliveryCheckReport,
} from '../../../src/modules/slip/picks-delivery-check.service';
import { UndeliveredPicksHook } from '../../../src/modules/slip/undelivered-picks.hook';
import { createUser } from '../../factories/account';
import { dataDirWith, importFixtures, startReplay } from '../../factories/fixtures';
import { publishSlip, setOdd, tippableGames } from '../../factories/slip';
import { createTestContext, TestContext } from '../../setup/test-app';
import { listResource } from '../backoffice/backoffice-helpers';
import { eventually, purchasesOf } from '../processor/support';

jest.setTimeout(180_000);

const NOW = '2026-11-23T12:00:00+03:00';
const DATA_NOW = new Date('2026-04-20T12:00:00+03:00');
/** PICKS_SMS_DELIVERY_TIMEOUT_SECONDS's default (docs/PRODUCT-RULES.md R220). */
const TIMEOUT_MS = 120_000;

/**
 * Picks that always arrive (docs/PRODUCT-RULES.md R220–R226) through the Daraja and Africa's
 * Talking sandboxes with real PostgreSQL and Redis: a slip bought by M-Pesa, its picks SMS
 * accepted by the sandbox (which posts no reports here: SANDBOX_AT_REPORT_STATUSES empty), and
 * Africa's Talking's delivery reports posted by the test as AT documents them (form-encoded
 * `id`, `status`, `phoneNumber`, `networkCode`, `failureReason`, `retryCount`;
 * docs/PROVIDERS.md §3.3). The delivery check runs as the worker's job would; the clock is
 * pinned and moved, never slept on.
 */
describe('picks delivery: re-send once, then tell the buyer where to read the picks', () => {
  let t: TestContext;
  let data: ReturnType<typeof dataDirWith>;
  let slipId: number;
  let clockMs = Date.parse(NOW);
  let seq = 0;
  const run = String(Date.now()).slice(-5);
  const nextPhone = (): { local: string; msisdn: string } => {
    const tail = `${run}${String(++seq).padStart(3, '0')}`;
    return { local: `07${tail}`, msisdn: `2547${tail}` };
  };
  const advance = (ms: number): void => {
    clockMs += ms;
    t.get(AdjustableClock).set(fixedClock(new Date(clockMs).toISOString()));
  };

  beforeAll(async () => {
    data = dataDirWith(['E0-2025-26.csv']);
    t = await createTestContext({
      role: 'all',
      listen: true,
      env: {
        FOOTBALL_DATA_DIR: data.dir,
        REPLAY_ANCHOR: '2026-04-20',
        SANDBOX_AUTO_ACCEPT: '1',
        SANDBOX_AT_REPORT_STATUSES: '',
      },
    });
    await startReplay(t, NOW, '2026-11-23');
    await importFixtures(t);
    const games = await tippableGames(t.ds, DATA_NOW, 3);
    for (const g of games) await setOdd(t.ds, g.id, 1, '2.00');
    const tipster = await createUser(t.ds, { username: 'delivery_tips' });
    slipId = (await publishSlip(t, tipster.user.id, games, { amount: 100 })).id;
  });
  afterAll(async () => {
    await t?.close();
    data?.remove();
  });

  /** The delivery check as the worker runs it, repeated until it takes no step (each run takes at most one per purchase). */
  const settle = async (): Promise<PicksDeliveryCheckReport[]> => {
    const reports: PicksDeliveryCheckReport[] = [];
    for (let i = 0; i < 6; i++) {
      const report = await t.get(PicksDeliveryCheckService).run();
      reports.push(report);
      if (Object.keys(report).length === 1) return reports;
    }
    throw new Error(`the delivery check keeps taking steps: ${JSON.stringify(reports)}`);
  };
  const delivery = async (purchaseId: string) =>
    (await t.ds.query(`SELECT * FROM picks_delivery WHERE purchase_id = $1`, [purchaseId]))[0];
  const outboxOf = (msisdn: string): Promise<any[]> =>
    t.ds.query(`SELECT * FROM sms_outbox WHERE to_msisdn = $1 ORDER BY id`, [msisdn]);
  const sentSms = (id: string) =>
    eventually(
      async () => {
        const [r] = await t.ds.query(`SELECT * FROM sms_outbox WHERE id = $1`, [id]);
        return r?.status === 'sent' && r.provider_message_id ? r : null;
      },
      { timeoutMs: 30_000 },
    );
  /** Buys the slip with a fresh phone and waits for its picks SMS to be accepted by the sandbox. */
  const bought = async () => {
    const phone = nextPhone();
    expect(
      (
        await t.request('POST', '/api/processor/buy', {
          body: { phone: phone.local, slip: slipId },
        })
      ).status,
    ).toBe(200);
    const purchase = await eventually(
      async () => {
        const [p] = await purchasesOf(t.ds, phone.msisdn);
        return p?.status === 'paid' ? p : null;
      },
      { timeoutMs: 30_000 },
    );
    const row = await eventually(() => delivery(purchase.id), { timeoutMs: 10_000 });
    const sms = await sentSms(row.sms_id);
    return { phone, purchase, sms };
  };
  /** Posts one delivery report as Africa's Talking does (form-encoded, docs/PROVIDERS.md §3.3). */
  const report = (body: string) =>
    t.request(
      'POST',
      `${AT_DELIVERY_REPORT_PATH}/${t.get(AppConfig).africasTalking.callbackToken}`,
      {
        body,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      },
    );
  const reportFor = async (
    messageId: string,
    msisdn: string,
    status: string,
    failureReason?: string,
  ) => {
    const reason = failureReason ? `&failureReason=${failureReason}` : '';
    const res = await report(
      `id=${messageId}&status=${status}&phoneNumber=%2B${msisdn}&networkCode=63902${reason}&retryCount=0`,
    );
    expect(res.status).toBe(200);
    // The route applies reports in group-commit batches: wait until this one is in the outbox.
    await eventually(
      async () =>
        (
          await t.ds.query(
            `SELECT 1 FROM sms_outbox WHERE provider_message_id = $1 AND delivery_status = $2`,
            [messageId, status],
          )
        ).length > 0,
    );
  };

  it('a picks SMS reported Failed is re-sent once; the re-send reported Failed (UserInBlackList) → the buyer is told where to read the picks, once', async () => {
    const { phone, purchase, sms } = await bought();
    await settle();
    expect(await delivery(purchase.id)).toMatchObject({ state: 'sent', resend_sms_id: null });

    await reportFor(sms.provider_message_id, phone.msisdn, 'Failed', 'DeliveryFailure');
    await settle();
    const resent = await delivery(purchase.id);
    expect(resent).toMatchObject({ state: 'resent', at_status: 'Failed' });
    expect(resent.failed_at).not.toBeNull();
    const resendSms = await sentSms(resent.resend_sms_id);
    expect(resendSms).toMatchObject({
      body: sms.body,
      purpose: 'deliver-slip-resend',
      to_msisdn: phone.msisdn,
    });

    await reportFor(resendSms.provider_message_id, phone.msisdn, 'Failed', 'UserInBlackList');
    await settle();
    const told = await delivery(purchase.id);
    expect(told).toMatchObject({ state: 'fallback-notified', at_status: 'Failed' });
    const [fallback] = await t.ds.query(`SELECT * FROM sms_outbox WHERE id = $1`, [
      told.fallback_sms_id,
    ]);
    expect(fallback).toMatchObject({ purpose: 'deliver-slip-fallback', to_msisdn: phone.msisdn });
    expect(fallback.body).toContain(`${t.baseUrl}/find_tip`);
    expect(fallback.body).toContain(purchase.code);
    expect(fallback.body).toContain('/my-tips');
    expect(fallback.body.length).toBeLessThanOrEqual(160);
    // It may still get through: it reaches the sandbox phone.
    await eventually(
      async () => {
        const inbox: { body: string }[] = (
          await t.request('GET', `/sandbox/api/phones/${phone.msisdn}`)
        ).body.messages;
        return inbox.some((m) => m.body === fallback.body);
      },
      { timeoutMs: 30_000 },
    );

    advance(10 * 60_000);
    await settle();
    expect((await outboxOf(phone.msisdn)).map((r) => r.purpose)).toEqual([
      'deliver-slip',
      'deliver-slip-resend',
      'deliver-slip-fallback',
    ]);
  });

  it('no Success within 2 minutes (the pinned clock moved, no report) → re-sent; the re-send reported Success → delivered, nothing more', async () => {
    const { phone, purchase } = await bought();
    await report(
      `id=${(await outboxOf(phone.msisdn))[0].provider_message_id}&status=Submitted&phoneNumber=%2B${phone.msisdn}&networkCode=63902&retryCount=0`,
    );
    advance(TIMEOUT_MS - 5_000);
    await settle();
    expect(await delivery(purchase.id)).toMatchObject({ state: 'sent', resend_sms_id: null });

    advance(10_000);
    await settle();
    const resent = await delivery(purchase.id);
    expect(resent.state).toBe('resent');
    const resendSms = await sentSms(resent.resend_sms_id);
    await reportFor(resendSms.provider_message_id, phone.msisdn, 'Success');
    await settle();
    const done = await delivery(purchase.id);
    expect(done).toMatchObject({ state: 'delivered', at_status: 'Success' });
    expect(done.closed_at).not.toBeNull();
    advance(TIMEOUT_MS * 3);
    await settle();
    expect(await outboxOf(phone.msisdn)).toHaveLength(2);
  });

  it('delivered (Submitted, then Success) → delivered, never re-sent', async () => {
    const { phone, purchase, sms } = await bought();
    await reportFor(sms.provider_message_id, phone.msisdn, 'Submitted');
    await reportFor(sms.provider_message_id, phone.msisdn, 'Success');
    await settle();
    expect(await delivery(purchase.id)).toMatchObject({
      state: 'delivered',
      at_status: 'Success',
      resend_sms_id: null,
    });
    advance(TIMEOUT_MS * 2);
    await settle();
    expect(await outboxOf(phone.msisdn)).toHaveLength(1);
  });

  it('AbsentSubscriber (phone off) counts as failed: re-sent at once', async () => {
    const { phone, purchase, sms } = await bought();
    await reportFor(sms.provider_message_id, phone.msisdn, 'AbsentSubscriber');
    await settle();
    expect(await delivery(purchase.id)).toMatchObject({
      state: 'resent',
      at_status: 'AbsentSubscriber',
    });
  });

  it('two workers checking at once re-send once', async () => {
    const { phone, purchase } = await bought();
    advance(TIMEOUT_MS + 1_000);
    const svc = t.get(PicksDeliveryCheckService);
    // failed, then the re-send: each step raced by four checks on their own connections.
    for (let step = 0; step < 2; step++)
      await Promise.all([svc.run(), svc.run(), svc.run(), svc.run()]);
    await settle();
    expect((await delivery(purchase.id)).state).toBe('resent');
    expect((await outboxOf(phone.msisdn)).map((r) => r.purpose)).toEqual([
      'deliver-slip',
      'deliver-slip-resend',
    ]);
  });

  it('hostile delivery-report bodies are ignored or refused (never a 5xx) and change no delivery', async () => {
    const { phone, purchase, sms } = await bought();
    const bodies = [
      '',
      'id=&status=&phoneNumber=',
      `id=${sms.provider_message_id}`,
      `status=Success&phoneNumber=%2B${phone.msisdn}`,
      `id=${sms.provider_message_id}&status=Success&phoneNumber=%2B${phone.msisdn}&retryCount=abc`,
      `id=${sms.provider_message_id}&status=Success&phoneNumber=%2B${phone.msisdn}&retryCount=1e309`,
      `id[]=${sms.provider_message_id}&status=Success&phoneNumber=%2B${phone.msisdn}`,
      `id=%00&status=Success%00&phoneNumber=%00`,
      `id=ATXid_unknown&status=Success&phoneNumber=%2B${phone.msisdn}&networkCode=63902&retryCount=0`,
      `id=${'A'.repeat(20_000)}&status=Success&phoneNumber=x`,
      `id=%FF%FE&status=%C3%28&phoneNumber=%E0%80%80`,
    ];
    for (const body of bodies) {
      const res = await report(body);
      expect(res.status).toBeLessThan(500);
    }
    const json = await t.request(
      'POST',
      `${AT_DELIVERY_REPORT_PATH}/${t.get(AppConfig).africasTalking.callbackToken}`,
      { body: { id: { $ne: 1 }, status: ['Success'] } },
    );
    expect(json.status).toBeLessThan(500);
    await settle();
    expect(await delivery(purchase.id)).toMatchObject({ state: 'sent', resend_sms_id: null });
  });

  it('not delivered by any channel before the first kick-off → undelivered, the refund hook called, listed in the back office', async () => {
    const admin = await createUser(t.ds, { role: 'admin' });
    const refund = jest.spyOn(t.get(UndeliveredPicksHook), 'refundUndelivered');
    const { phone, purchase, sms } = await bought();
    await reportFor(sms.provider_message_id, phone.msisdn, 'Rejected', 'DeliveryFailure');
    await settle();
    const resendSms = await sentSms((await delivery(purchase.id)).resend_sms_id);
    await reportFor(resendSms.provider_message_id, phone.msisdn, 'Failed', 'DeliveryFailure');
    await settle();
    const told = await delivery(purchase.id);
    expect(told.state).toBe('fallback-notified');
    expect(told.first_kickoff_at).not.toBeNull();

    const list = await listResource(t, admin.token, 'deliveries', {
      filter: { state: 'fallback-notified', phone: phone.msisdn },
    });
    expect(list.status).toBe(200);
    expect(list.body).toEqual([
      expect.objectContaining({
        id: Number(purchase.id),
        state: 'fallback-notified',
        at_status: 'Failed',
        slip: slipId,
      }),
    ]);

    clockMs = new Date(told.first_kickoff_at).getTime() - 60_000;
    advance(0);
    await settle();
    expect((await delivery(purchase.id)).state).toBe('fallback-notified');
    advance(61_000);
    await settle();
    const gone = await delivery(purchase.id);
    expect(gone).toMatchObject({ state: 'undelivered' });
    expect(gone.undelivered_at).not.toBeNull();
    expect(
      refund.mock.calls.flatMap((c) => c[0]).filter((e) => e.purchaseId === purchase.id),
    ).toEqual([expect.objectContaining({ purchaseId: purchase.id, slipId, phone: phone.msisdn })]);
    await settle();
    expect(
      refund.mock.calls.flatMap((c) => c[0]).filter((e) => e.purchaseId === purchase.id),
    ).toHaveLength(1);

    const undelivered = await listResource(t, admin.token, 'deliveries', {
      filter: { state: 'undelivered' },
    });
    expect(undelivered.body.map((d: { id: number }) => d.id)).toContain(Number(purchase.id));
    const shown = await t.request('GET', `/api/backoffice/deliveries/${purchase.id}`, {
      token: admin.token,
    });
    expect(shown).toMatchObject({
      status: 200,
      body: {
        state: 'undelivered',
        sms_id: Number(told.sms_id),
        resend_sms_id: Number(told.resend_sms_id),
      },
    });
    expect(
      (
        await t.request('PUT', `/api/backoffice/deliveries/${purchase.id}`, {
          token: admin.token,
          body: { state: 'delivered' },
        })
      ).status,
    ).toBe(405);
    refund.mockRestore();
  });
});
