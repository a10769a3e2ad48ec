import { AppConfig } from '../../../src/config/app-config';
import { SmsService } from '../../../src/modules/notifications/sms/sms.service';
import type { SmsDeliveryReport } from '../../../src/providers/africastalking/africastalking.types';
import { AT_DELIVERY_REPORT_PATH, AT_TEST_NUMBERS } from '../../../src/sandbox/sandbox.constants';
import { createTestContext, TestContext } from '../../setup/test-app';
import { AtStub } from './at-stub';
import { eventually } from './support';

/**
 * The SMS outbox and its `sms` queue (docs/PRODUCT-RULES.md "Purchases and provider callbacks"): retries with backoff on 5xx, no retry on permanent
 * failures, delivery reports moving the status. Africa's Talking is a stub server reached through
 * AT_BASE_URL (AtStub) that fails on demand and posts delivery reports to our real route.
 */
describe('SMS outbox', () => {
  let t: TestContext;
  let sms: SmsService;
  let at: AtStub;

  beforeAll(async () => {
    at = await AtStub.start();
    t = await createTestContext({ role: 'all', listen: true, env: { AT_BASE_URL: at.origin } });
    at.reportUrl = `${t.baseUrl}${AT_DELIVERY_REPORT_PATH}/${t.get(AppConfig).africasTalking.callbackToken}`;
    sms = t.get(SmsService);
  });
  afterAll(async () => {
    await t?.close();
    await at?.close();
  });

  const row = async (id: string) =>
    (await t.ds.query(`SELECT * FROM sms_outbox WHERE id = $1`, [id]))[0];
  const until = (id: string, status: string, timeoutMs = 15_000) =>
    eventually(
      async () => {
        const r = await row(id);
        return r.status === status ? r : null;
      },
      { timeoutMs },
    );

  it('sends after failing twice with 500 (backoff), then is delivered', async () => {
    at.failNext(2, 500);
    const id = await sms.queue('254712000444', 'Retry me please', 'test');
    const delivered = await until(id, 'delivered', 20_000);
    expect(delivered).toMatchObject({
      attempts: 3,
      provider_message_id: expect.stringMatching(/^ATXid_/),
      cost: 'KES 0.8000',
      delivery_status: 'Success',
      last_error: null,
    });
    expect(delivered.delivered_at).toBeInstanceOf(Date);
    expect(at.accepted.filter((m) => m.message === 'Retry me please')).toEqual([
      { to: '+254712000444', message: 'Retry me please', messageId: delivered.provider_message_id },
    ]);
  });

  it('does not retry a blacklisted number (406): failed after one attempt', async () => {
    const id = await sms.queue(AT_TEST_NUMBERS.blacklisted.slice(1), 'Never arrives', 'test');
    const failed = await until(id, 'failed');
    expect(failed).toMatchObject({
      attempts: 1,
      provider_message_id: null,
      last_error: expect.stringContaining('406'),
    });
  });

  it('marks a message failed when the delivery report says Failed', async () => {
    const id = await sms.queue(AT_TEST_NUMBERS.deliveryFails.slice(1), 'Lost on the way', 'test');
    const failed = await until(id, 'failed');
    expect(failed).toMatchObject({
      attempts: 1,
      provider_message_id: expect.stringMatching(/^ATXid_/),
      delivery_status: 'Failed',
      sent_at: expect.any(Date),
    });
  });

  it('writes the row in the caller transaction and sends only after commit', async () => {
    let id = '';
    await t.ds.transaction(async (em) => {
      id = await sms.queue('254712000555', 'After commit', 'test', em);
    });
    expect((await row(id)).status).toBe('queued');
    await sms.dispatch(id);
    await until(id, 'delivered');
  });

  it('sends now after commit (the payments worker); a 500 leaves it to a deliver-sms job with backoff', async () => {
    let ok = '';
    let retried = '';
    await t.ds.transaction(async (em) => {
      [ok, retried] = await sms.queueMany(
        [
          { to: '254712000881', body: 'Sent at once', purpose: 'test' },
          { to: '254712000882', body: 'Sent on retry', purpose: 'test' },
        ],
        em,
      );
    });
    at.failNext(1, 500, '+254712000882');
    await sms.sendNow(ok, retried);
    expect(await row(ok)).toMatchObject({ status: 'sent', attempts: 1 });
    expect(await row(retried)).toMatchObject({
      status: 'queued',
      attempts: 1,
      last_error: expect.stringContaining('500'),
    });
    const later = await until(retried, 'delivered', 20_000);
    expect(later.attempts).toBe(2);
    expect(at.accepted.filter((m) => m.message === 'Sent on retry')).toHaveLength(1);
  });

  it('re-sends a row claimed by a direct send whose process stopped before it was sent', async () => {
    let id = '';
    await t.ds.transaction(async (em) => {
      id = await sms.queue('254712000883', 'Claimed then lost', 'test', em);
    });
    await t.ds.query(
      `UPDATE sms_outbox SET attempts = 1, updated_at = now() - interval '5 minutes' WHERE id = $1`,
      [id],
    );
    expect(await sms.requeueStale()).toBeGreaterThanOrEqual(1);
    expect((await until(id, 'delivered')).attempts).toBe(2);
  });

  it('re-enqueues a queued row whose enqueue was lost (requeue-sms sweep)', async () => {
    let id = '';
    await t.ds.transaction(async (em) => {
      id = await sms.queue('254712000777', 'Lost enqueue', 'test', em);
    });
    await t.ds.query(
      `UPDATE sms_outbox SET updated_at = now() - interval '5 minutes' WHERE id = $1`,
      [id],
    );
    expect(await sms.requeueStale()).toBeGreaterThanOrEqual(1);
    await until(id, 'delivered');
  });

  it('applies delivery reports that race each other: the final one wins and later ones change nothing', async () => {
    let id = '';
    await t.ds.transaction(async (em) => {
      id = await sms.queue('254712000884', 'Raced reports', 'test', em);
    });
    const messageId = `ATXid_race${Date.now()}`;
    await t.ds.query(
      `UPDATE sms_outbox SET status = 'sent', provider_message_id = $2 WHERE id = $1`,
      [id, messageId],
    );
    const report = (status: string): SmsDeliveryReport => ({
      id: messageId,
      status,
      delivered: status === 'Success',
      final: status === 'Success',
      phoneNumber: '+254712000884',
    });
    await Promise.all(
      ['Sent', 'Submitted', 'Success', 'Buffered', 'Submitted'].map((s) =>
        sms.applyDeliveryReport(report(s)),
      ),
    );
    expect(await row(id)).toMatchObject({
      status: 'delivered',
      delivery_status: 'Success',
      delivered_at: expect.any(Date),
    });
    expect(await sms.applyDeliveryReport(report('Submitted'))).toBeNull();
    expect(await row(id)).toMatchObject({ status: 'delivered', delivery_status: 'Success' });
  });

  it('applies reports posted together through the route in shared transactions, in arrival order per message', async () => {
    const ids: string[] = [];
    await t.ds.transaction(async (em) => {
      ids.push(
        ...(await sms.queueMany(
          [0, 1, 2, 3].map((i) => ({
            to: `25471200090${i}`,
            body: `Batch report ${i}`,
            purpose: 'test',
          })),
          em,
        )),
      );
    });
    const messageIds = ids.map((id) => `ATXid_batch${id}x${Date.now()}`);
    for (const [i, id] of ids.entries()) {
      await t.ds.query(
        `UPDATE sms_outbox SET status = 'sent', provider_message_id = $2 WHERE id = $1`,
        [id, messageIds[i]],
      );
    }
    const batches = jest.spyOn(sms, 'applyDeliveryReports');
    const path = `${AT_DELIVERY_REPORT_PATH}/${t.get(AppConfig).africasTalking.callbackToken}`;
    const post = (id: string, status: string, extra = '') =>
      t.request('POST', path, {
        body: `id=${id}&status=${status}&phoneNumber=%2B254712000900${extra}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    const answers = await Promise.all([
      ...messageIds.slice(0, 3).flatMap((m) => [post(m, 'Submitted'), post(m, 'Success')]),
      post(messageIds[3], 'Failed', '&failureReason=UserInBlackList'),
      post('ATXid_unknown_message', 'Success'),
    ]);
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    expect(batches.mock.calls.length).toBeLessThan(8); // shared transactions, not one per report
    batches.mockRestore();
    for (const id of ids.slice(0, 3))
      expect(await row(id)).toMatchObject({
        status: 'delivered',
        delivery_status: 'Success',
        delivered_at: expect.any(Date),
      });
    expect(await row(ids[3])).toMatchObject({
      status: 'failed',
      delivery_status: 'Failed',
      last_error: 'UserInBlackList',
      delivered_at: null,
    });
  });

  it('answers a delivery report with a wrong token 404; a report never moves a final status back', async () => {
    const path = `${AT_DELIVERY_REPORT_PATH}/wrong-token-123456789`;
    const wrong = await t.request('POST', path, {
      body: 'id=ATXid_x&status=Success&phoneNumber=%2B254712000444',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(wrong.status).toBe(404);

    const id = await sms.queue('254712000666', 'Report me', 'test');
    const delivered = await until(id, 'delivered');
    const token = t.get(AppConfig).africasTalking.callbackToken;
    const late = await t.request('POST', `${AT_DELIVERY_REPORT_PATH}/${token}`, {
      body: `id=${delivered.provider_message_id}&status=Failed&phoneNumber=%2B254712000666&failureReason=DeliveryFailure`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(late.status).toBe(200);
    expect(await row(id)).toMatchObject({ status: 'delivered' });
  });
});
