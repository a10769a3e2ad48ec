import { AppConfig } from '../../../src/config/app-config';
import { AfricasTalkingClient } from '../../../src/providers/africastalking/africastalking.client';
import { DarajaClient, parseStkCallback } from '../../../src/providers/daraja/daraja.client';
import { FlutterwaveClient } from '../../../src/providers/flutterwave/flutterwave.client';
import { AT_DELIVERY_REPORT_PATH } from '../../../src/sandbox/sandbox.constants';
import { createTestContext, TestContext } from '../../setup/test-app';
import { CallbackReceiver, eventually, jsonOf } from './support/callback-receiver';

/**
 * The sandbox phone page, its JSON API and the index, with default settings (callbacks to our own
 * app, whose routes may not exist yet: a 404 must not break anything).
 */
describe('Sandbox phone and index', () => {
  let t: TestContext;
  let receiver: CallbackReceiver;
  let daraja: DarajaClient;
  let sms: AfricasTalkingClient;

  beforeAll(async () => {
    receiver = await CallbackReceiver.start();
    t = await createTestContext({
      listen: true,
      env: { SANDBOX_CALLBACK_RETRY_MS: '50', SANDBOX_AT_REPORT_DELAY_MS: '20' },
    });
    const config = t.get(AppConfig);
    daraja = new DarajaClient({ ...config.mpesa, retries: 0 });
    sms = new AfricasTalkingClient({ ...config.africasTalking, retries: 0 });
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  const html = async (path: string, init?: RequestInit) => {
    const res = await fetch(`${t.baseUrl}${path}`, { redirect: 'manual', ...init });
    return {
      status: res.status,
      type: res.headers.get('content-type') ?? '',
      location: res.headers.get('location'),
      text: await res.text(),
    };
  };
  const form = (fields: Record<string, string>): RequestInit => ({
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });

  it('GET /sandbox/api/phones/{msisdn} gives {prompts, messages: [{from, body, at}]} newest first', async () => {
    await sms.sendSms({ to: '+254711000001', message: 'one' });
    await sms.sendSms({ to: '+254711000001', message: 'two' });
    const sent = await daraja.stkPush({
      amountKsh: 120,
      msisdn: '254711000001',
      accountReference: 'SLIP77',
      callbackUrl: receiver.url('/stk'),
    });
    const res = await t.request('GET', '/sandbox/api/phones/0711000001');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      msisdn: '254711000001',
      prompts: [
        expect.objectContaining({
          checkoutRequestId: sent.checkoutRequestId,
          amount: '120.00',
          accountReference: 'SLIP77',
          text: 'Do you want to pay Ksh120.00 to TIPSKE MARKETPLACE account no. SLIP77? Enter M-PESA PIN:',
          expiresAt: expect.any(String),
        }),
      ],
      messages: [
        { from: 'TIPSKE', body: 'two', at: expect.any(String) },
        { from: 'TIPSKE', body: 'one', at: expect.any(String) },
      ],
    });
    expect(
      Date.parse(res.body.prompts[0].expiresAt) - Date.parse(res.body.prompts[0].createdAt),
    ).toBe(60_000);
    expect((await t.request('GET', '/sandbox/api/phones/not-a-phone')).status).toBe(400);
  });

  it('the phone page shows the prompt with a PIN field and Accept / Decline, and the inbox; the form accepts', async () => {
    const sent = await daraja.stkPush({
      amountKsh: 50,
      msisdn: '254711000002',
      accountReference: 'SLIP78',
      callbackUrl: receiver.url('/stk'),
    });
    await sms.sendSms({ to: '+254711000002', message: '<script>alert("x")</script> Tip & win' });
    const page = await html('/sandbox/phone/254711000002');
    expect(page.status).toBe(200);
    expect(page.type).toContain('text/html');
    expect(page.text).toContain('name="viewport"');
    expect(page.text).toContain(
      `/sandbox/phone/254711000002/prompts/${sent.checkoutRequestId}/accept`,
    );
    expect(page.text).toContain(
      `/sandbox/phone/254711000002/prompts/${sent.checkoutRequestId}/decline`,
    );
    expect(page.text).toContain('name="pin"');
    expect(page.text).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; Tip &amp; win');
    expect(page.text).not.toContain('<script>alert');

    const bad = await html(
      `/sandbox/phone/254711000002/prompts/${sent.checkoutRequestId}/accept`,
      form({ pin: '12' }),
    );
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('Enter your 4-digit M-PESA PIN');

    const ok = await html(
      `/sandbox/phone/254711000002/prompts/${sent.checkoutRequestId}/accept`,
      form({ pin: '2580' }),
    );
    expect(ok.status).toBe(303);
    expect(ok.location).toBe('/sandbox/phone/254711000002?done=accepted');
    const callback = parseStkCallback(
      jsonOf(await receiver.waitFor((r) => r.body.includes(sent.checkoutRequestId))),
    );
    expect(callback.outcome).toBe('paid');
    const after = await html(ok.location as string);
    expect(after.text).toContain('Payment sent.');
    expect(after.text).toContain(`${callback.receipt} Confirmed.`);
    expect(after.text).toContain('No payment requests waiting.');

    const again = await html(
      `/sandbox/phone/254711000002/prompts/${sent.checkoutRequestId}/decline`,
      form({}),
    );
    expect(again.status).toBe(409);
  });

  it('declines from the page form', async () => {
    const sent = await daraja.stkPush({
      amountKsh: 50,
      msisdn: '254711000003',
      accountReference: 'SLIP79',
      callbackUrl: receiver.url('/stk'),
    });
    const res = await html(
      `/sandbox/phone/0711000003/prompts/${sent.checkoutRequestId}/decline`,
      form({}),
    );
    expect(res.status).toBe(303);
    expect(
      parseStkCallback(
        jsonOf(await receiver.waitFor((r) => r.body.includes(sent.checkoutRequestId))),
      ),
    ).toMatchObject({ resultCode: '1032' });
  });

  it('answers bad phone numbers on the page with 400 HTML, never 500', async () => {
    const res = await html('/sandbox/phone/%3Cscript%3E');
    expect(res.status).toBe(400);
    expect(res.text).not.toContain('<script>');
    expect((await html('/sandbox/phone?msisdn=0711000004')).location).toBe(
      '/sandbox/phone/254711000004',
    );
    expect((await html('/sandbox/phone?msisdn=nope')).status).toBe(400);
  });

  it('lists recent phones and Flutterwave checkouts on /sandbox', async () => {
    const flw = new FlutterwaveClient({ ...t.get(AppConfig).flutterwave, retries: 0 });
    const { link } = await flw.createPayment({
      txRef: 'NG-INDEX-1',
      amount: '100',
      currency: 'NGN',
      redirectUrl: receiver.url('/find_tip_ng'),
      customer: { email: 'index@example.com' },
    });
    const page = await html('/sandbox');
    expect(page.status).toBe(200);
    expect(page.text).toContain('href="/sandbox/phone/254711000001"');
    expect(page.text).toContain('NG-INDEX-1');
    expect(page.text).toContain(link);
    expect(page.text).toContain('index@example.com');
  });

  it('posts delivery reports to our own app by default; a 404 there (route not built yet) breaks nothing', async () => {
    const sent = await sms.sendSms({ to: '+254711000005', message: 'hello' });
    const id = sent.recipients[0].messageId as string;
    const token = t.get(AppConfig).africasTalking.callbackToken;
    const rows = await eventually(async () => {
      const list = (await t.request('GET', `/sandbox/api/deliveries?reference=${id}`)).body as {
        state: string;
        url: string;
        last_status: number | null;
      }[];
      return list.length === 2 && list.every((r) => r.state !== 'pending') ? list : null;
    });
    for (const row of rows) {
      expect(row.url).toBe(`${t.baseUrl}${AT_DELIVERY_REPORT_PATH}/${token}`);
      expect([200, 201, 204, 404]).toContain(row.last_status);
    }
    expect((await t.request('GET', '/api/health')).status).toBe(200);
    expect((await t.request('GET', '/sandbox/api/phones/254711000005')).body.messages[0].body).toBe(
      'hello',
    );
  });
});
