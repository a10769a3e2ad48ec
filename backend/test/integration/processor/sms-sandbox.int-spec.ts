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
    t = await createTestContext({ role: 'all', listen: true, env: { SANDBOX_AT_REPORT_DELAY_MS: '50' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('fails twice (sandbox fault knob), is sent on the third attempt, lands in the inbox and is delivered', async () => {
    await t.request('POST', '/sandbox/api/faults', { body: { target: 'africastalking.messaging', count: 2, status: 500 } });
    const id = await t.get(SmsService).queue('254712000888', 'Through the sandbox', 'test');
    const row = await eventually(async () => {
      const [r] = await t.ds.query(`SELECT * FROM sms_outbox WHERE id = $1`, [id]);
      return r.status === 'delivered' ? r : null;
    }, { timeoutMs: 20_000 });
    expect(row).toMatchObject({ attempts: 3, provider_message_id: expect.stringMatching(/^ATXid_/), delivery_status: 'Success' });
    const inbox = (await t.request('GET', '/sandbox/api/phones/254712000888')).body.messages;
    expect(inbox.filter((m: { body: string }) => m.body === 'Through the sandbox')).toHaveLength(1);
  });
});
