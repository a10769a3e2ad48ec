import { SmsService } from '../../../src/modules/notifications/sms/sms.service';
import { createTestContext, TestContext } from '../../setup/test-app';
import { eventually } from './support';

/**
 * The SMS outbox against this server's Africa's Talking sandbox (docs/PRODUCT-RULES.md "Purchases and provider callbacks"), as `npm start` runs it:
 * the sandbox fails twice on purpose (POST /sandbox/api/faults), the `sms` queue retries with
 * backoff, the text reaches the sandbox phone inbox and the sandbox's delivery reports mark it
 * delivered.
 */
describe("SMS outbox through the Africa's Talking sandbox", () => {
  let t: TestContext;

  beforeAll(async () => {
    t = await createTestContext({
      role: 'all',
      listen: true,
      env: { SANDBOX_AT_REPORT_DELAY_MS: '50' },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('fails twice (sandbox fault knob), is sent on the third attempt, lands in the inbox and is delivered', async () => {
    await t.request('POST', '/sandbox/api/faults', {
      body: { target: 'africastalking.messaging', count: 2, status: 500 },
    });
    const id = await t.get(SmsService).queue('254712000888', 'Through the sandbox', 'test');
    const row = await eventually(
      async () => {
        const [r] = await t.ds.query(`SELECT * FROM sms_outbox WHERE id = $1`, [id]);
        return r.status === 'delivered' ? r : null;
      },
      { timeoutMs: 20_000 },
    );
    expect(row).toMatchObject({
      attempts: 3,
      provider_message_id: expect.stringMatching(/^ATXid_/),
      delivery_status: 'Success',
    });
    const inbox = (await t.request('GET', '/sandbox/api/phones/254712000888')).body.messages;
    expect(inbox.filter((m: { body: string }) => m.body === 'Through the sandbox')).toHaveLength(1);
  });

  it('africastalking.delivery-fails:<MSISDN> fails the next SMS to that phone only: report Failed, nothing in its inbox; the one after is delivered', async () => {
    const armed = await t.request('POST', '/sandbox/api/faults', {
      body: { target: 'africastalking.delivery-fails:254712000889', count: 1 },
    });
    expect(armed.status).toBeLessThan(300);
    const sms = t.get(SmsService);
    const row = (id: string, status: string) =>
      eventually(
        async () => {
          const [r] = await t.ds.query(`SELECT * FROM sms_outbox WHERE id = $1`, [id]);
          return r.status === status ? r : null;
        },
        { timeoutMs: 20_000 },
      );
    const other = await sms.queue('254712000890', 'Someone else', 'test');
    const failing = await sms.queue('254712000889', 'Lost on the way', 'test');
    expect(await row(other, 'delivered')).toMatchObject({ delivery_status: 'Success' });
    expect(await row(failing, 'failed')).toMatchObject({
      delivery_status: 'Failed',
      last_error: 'DeliveryFailure',
    });
    const next = await sms.queue('254712000889', 'Arrives', 'test');
    await row(next, 'delivered');
    const inbox: { body: string }[] = (await t.request('GET', '/sandbox/api/phones/254712000889'))
      .body.messages;
    expect(inbox.map((m) => m.body)).toEqual(['Arrives']);
  });

  it('refuses an unknown or malformed delivery-fails target with a 400', async () => {
    for (const target of [
      'africastalking.delivery-fails:',
      'africastalking.delivery-fails:abc',
      'africastalking.delivery-fails:+2547',
    ]) {
      expect(
        (await t.request('POST', '/sandbox/api/faults', { body: { target, count: 1 } })).status,
      ).toBe(400);
    }
  });
});
