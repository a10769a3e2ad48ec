import { AppConfig } from '../../../src/config/app-config';
import { DarajaClient, parseStkCallback } from '../../../src/providers/daraja/daraja.client';
import { createTestContext, TestContext } from '../../setup/test-app';
import { CallbackReceiver, jsonOf } from './support/callback-receiver';

/** SANDBOX_AUTO_ACCEPT=1: every STK push is accepted by itself after 2 s (docs/ARCHITECTURE.md "Providers and sandboxes"). */
describe('Daraja sandbox with SANDBOX_AUTO_ACCEPT=1', () => {
  let t: TestContext;
  let receiver: CallbackReceiver;
  let client: DarajaClient;

  beforeAll(async () => {
    receiver = await CallbackReceiver.start();
    t = await createTestContext({ listen: true, env: { SANDBOX_AUTO_ACCEPT: '1' } });
    client = new DarajaClient({ ...t.get(AppConfig).mpesa, retries: 0 });
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  it('is pending at first, then paid after about 2 s with a receipt and the M-Pesa SMS', async () => {
    const started = Date.now();
    const sent = await client.stkPush({
      amountKsh: '75.00',
      msisdn: '254722000111',
      accountReference: 'SLIP9',
      callbackUrl: receiver.url('/stk'),
    });
    await expect(client.stkQuery(sent.checkoutRequestId)).resolves.toMatchObject({
      status: 'pending',
    });
    expect((await t.request('GET', '/sandbox/api/phones/254722000111')).body.prompts).toHaveLength(
      1,
    );

    const delivered = await receiver.waitFor((r) => r.body.includes(sent.checkoutRequestId), 8_000);
    expect(delivered.at - started).toBeGreaterThanOrEqual(1_900);
    const callback = parseStkCallback(jsonOf(delivered));
    expect(callback).toMatchObject({
      resultCode: '0',
      outcome: 'paid',
      amountKsh: '75.00',
      phone: '254722000111',
    });
    await expect(client.stkQuery(sent.checkoutRequestId)).resolves.toMatchObject({
      status: 'done',
      resultCode: '0',
    });
    const inbox = (await t.request('GET', '/sandbox/api/phones/0722000111')).body;
    expect(inbox.prompts).toEqual([]);
    expect(inbox.messages[0].body.startsWith(`${callback.receipt} Confirmed.`)).toBe(true);
  });
});
