import { AppConfig } from '../../../src/config/app-config';
import { ProviderAuthError } from '../../../src/providers/common/http';
import {
  checkVerifiedPayment,
  FlutterwaveClient,
  parseWebhook,
  verifyFlutterwaveSignature,
  verifyWebhookSignature,
} from '../../../src/providers/flutterwave/flutterwave.client';
import { createTestContext, TestContext } from '../../setup/test-app';
import { CallbackReceiver, eventually, jsonOf } from './support/callback-receiver';

/**
 * The Flutterwave sandbox driven by the real FlutterwaveClient (docs/ARCHITECTURE.md "Providers and sandboxes"): hosted link → checkout
 * page → Pay (redirect + webhook with verif-hash) / Cancel (redirect only) → verify by id and by
 * tx_ref. The webhook goes to the test's receiver through SANDBOX_FLW_WEBHOOK_URL.
 */
describe('Flutterwave sandbox', () => {
  let t: TestContext;
  let receiver: CallbackReceiver;
  let client: FlutterwaveClient;
  let secretHash: string;
  let n = 0;
  const txRef = (): string => `NG-SLIP-4521-${Date.now().toString(36)}-${++n}`;

  beforeAll(async () => {
    receiver = await CallbackReceiver.start();
    t = await createTestContext({
      listen: true,
      env: { SANDBOX_FLW_WEBHOOK_URL: receiver.url('/flw/webhook') },
    });
    const flw = t.get(AppConfig).flutterwave;
    expect(flw.baseUrl).toBe(`${t.baseUrl}/sandbox/flutterwave`);
    secretHash = flw.secretHash;
    client = new FlutterwaveClient({ ...flw, retries: 0 });
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  const create = (
    ref: string,
    extra: Partial<Parameters<FlutterwaveClient['createPayment']>[0]> = {},
  ) =>
    client.createPayment({
      txRef: ref,
      amount: '2500',
      currency: 'NGN',
      redirectUrl: receiver.url('/find_tip_ng'),
      customer: { email: 'buyer@example.com', name: 'Ada <Obi>' },
      customizations: { title: 'Tip slip #4521' },
      meta: { slip_id: 4521 },
      ...extra,
    });
  const press = (link: string, action: 'pay' | 'cancel' | 'fail') =>
    fetch(`${link}/${action}`, { method: 'POST', redirect: 'manual' });
  /** The webhooks the sandbox queued for `ref`: sent, or still to send. */
  const webhooksQueued = async (ref: string): Promise<unknown[]> =>
    (
      await t.request(
        'GET',
        `/sandbox/api/deliveries?reference=${encodeURIComponent(ref)}&kind=callback.flutterwave.webhook`,
      )
    ).body;

  it('pays: hosted page, redirect with status=successful&tx_ref&transaction_id, webhook, verify by id and by tx_ref', async () => {
    const ref = txRef();
    const { link } = await create(ref);
    expect(link).toMatch(new RegExp(`^${t.baseUrl}/sandbox/flutterwave/pay/[0-9a-f]{24}$`));

    const pageRes = await fetch(link);
    expect(pageRes.status).toBe(200);
    expect(pageRes.headers.get('content-type')).toContain('text/html');
    const html = await pageRes.text();
    expect(html).toContain('NGN 2,500.00');
    expect(html).toContain('buyer@example.com');
    expect(html).toContain('Ada &lt;Obi&gt;');
    expect(html).not.toContain('Ada <Obi>');
    expect(html).toMatch(/>Pay NGN 2,500.00</);
    expect(html).toMatch(/>Cancel</);

    const paid = await press(link, 'pay');
    expect(paid.status).toBe(303);
    const location = new URL(paid.headers.get('location') as string);
    expect(location.origin + location.pathname).toBe(receiver.url('/find_tip_ng'));
    expect(location.searchParams.get('status')).toBe('successful');
    expect(location.searchParams.get('tx_ref')).toBe(ref);
    const transactionId = Number(location.searchParams.get('transaction_id'));
    expect(transactionId).toBeGreaterThan(0);

    const hook = await receiver.waitFor((r) => r.path === '/flw/webhook' && r.body.includes(ref));
    expect(verifyWebhookSignature(hook.headers['verif-hash'], secretHash)).toBe(true);
    expect(
      verifyFlutterwaveSignature(hook.headers['flutterwave-signature'], secretHash, hook.body),
    ).toBe(true);
    expect(parseWebhook(jsonOf(hook))).toMatchObject({
      kind: 'charge',
      shape: 'v3',
      event: 'charge.completed',
      transactionId,
      txRef: ref,
      status: 'successful',
      amount: '2500.00',
      currency: 'NGN',
      customerEmail: 'buyer@example.com',
    });

    const byId = await client.verifyTransaction(transactionId);
    expect(byId).toMatchObject({
      id: transactionId,
      txRef: ref,
      status: 'successful',
      amount: '2500.00',
      currency: 'NGN',
      paymentType: 'card',
    });
    expect(byId?.flwRef).toMatch(/^FLW-MOCK-/);
    expect(byId?.meta).toEqual({ slip_id: 4521 });
    expect(checkVerifiedPayment(byId!, { txRef: ref, currency: 'NGN', amount: '2500' })).toEqual({
      ok: true,
      overpaid: false,
    });
    await expect(client.verifyByReference(ref)).resolves.toEqual(byId);

    // Pressing Pay again repeats the redirect; no second transaction or webhook.
    const again = await press(link, 'pay');
    expect(again.headers.get('location')).toBe(paid.headers.get('location'));
    expect((await press(link, 'cancel')).status).toBe(409);
    // What the sandbox will ever send for this tx_ref (its outbound queue), not what arrived by some time.
    expect(await webhooksQueued(ref)).toHaveLength(1);
    expect(receiver.on('/flw/webhook').filter((r) => r.body.includes(ref))).toHaveLength(1);
    expect((await fetch(link)).status).toBe(200);
  });

  it('cancels: redirect with status=cancelled&tx_ref, no transaction_id, no webhook, nothing to verify', async () => {
    const ref = txRef();
    const { link } = await create(ref);
    const res = await press(link, 'cancel');
    expect(res.status).toBe(303);
    const location = new URL(res.headers.get('location') as string);
    expect(Object.fromEntries(location.searchParams)).toEqual({ status: 'cancelled', tx_ref: ref });
    expect(await webhooksQueued(ref)).toEqual([]);
    expect(receiver.on('/flw/webhook').filter((r) => r.body.includes(ref))).toEqual([]);
    await expect(client.verifyByReference(ref)).resolves.toBeNull();
    // A cancelled tx_ref can be opened again (same link) and paid.
    await expect(create(ref)).resolves.toEqual({ link });
    expect((await press(link, 'pay')).status).toBe(303);
    await expect(client.verifyByReference(ref)).resolves.toMatchObject({ status: 'successful' });
  });

  it('fails: a declined card is a failed transaction, webhook status failed, redirect status=failed', async () => {
    const ref = txRef();
    const { link } = await create(ref);
    const res = await press(link, 'fail');
    expect(new URL(res.headers.get('location') as string).searchParams.get('status')).toBe(
      'failed',
    );
    const hook = await receiver.waitFor((r) => r.path === '/flw/webhook' && r.body.includes(ref));
    expect(parseWebhook(jsonOf(hook))).toMatchObject({ status: 'failed' });
    const tx = await client.verifyByReference(ref);
    expect(tx).toMatchObject({ status: 'failed' });
    expect(checkVerifiedPayment(tx!, { txRef: ref, currency: 'NGN', amount: '2500' })).toEqual({
      ok: false,
      reason: 'status',
    });
  });

  it('takes UGX (whole amounts) paid by mobile money', async () => {
    const ref = `UG-${txRef()}`;
    const { link } = await create(ref, { amount: '45000', currency: 'UGX' });
    expect(await (await fetch(link)).text()).toContain('UGX 45,000');
    await press(link, 'pay');
    const hook = await receiver.waitFor((r) => r.path === '/flw/webhook' && r.body.includes(ref));
    expect(jsonOf(hook)['event.type']).toBe('MOBILEMONEYUG_TRANSACTION');
    await expect(client.verifyByReference(ref)).resolves.toMatchObject({
      amount: '45000.00',
      currency: 'UGX',
      paymentType: 'mobilemoneyug',
    });
  });

  it('says "not found" for unknown ids and references, refuses a wrong secret key with 401', async () => {
    await expect(client.verifyTransaction(999_999_999)).resolves.toBeNull();
    await expect(client.verifyByReference('never-created')).resolves.toBeNull();
    const wrong = new FlutterwaveClient({
      baseUrl: `${t.baseUrl}/sandbox/flutterwave`,
      secretKey: 'FLWSECK_TEST-wrong-X',
      retries: 0,
    });
    await expect(wrong.verifyTransaction(1)).rejects.toBeInstanceOf(ProviderAuthError);
    const raw = await fetch(`${t.baseUrl}/sandbox/flutterwave/v3/payments`, {
      method: 'POST',
      headers: { authorization: 'Bearer nope' },
    });
    expect(raw.status).toBe(401);
    expect(await raw.json()).toEqual({
      status: 'error',
      message: 'Invalid authorization key',
      data: null,
    });
  });

  it('answers bad payment requests with the error envelope, and unknown checkout links with 404', async () => {
    const res = await fetch(`${t.baseUrl}/sandbox/flutterwave/v3/payments`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${t.get(AppConfig).flutterwave.secretKey}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ tx_ref: 'x1', amount: 100, currency: 'NGN', customer: {} }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      status: 'error',
      message: 'customer.email is required',
      data: null,
    });
    const missing = await fetch(`${t.baseUrl}/sandbox/flutterwave/pay/0000`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('No such checkout');
    expect(
      (await fetch(`${t.baseUrl}/sandbox/flutterwave/pay/0000/pay`, { method: 'POST' })).status,
    ).toBe(404);
  });

  it('a paid tx_ref cannot be reused; the webhook can be sent again on demand', async () => {
    const ref = txRef();
    const { link } = await create(ref);
    const paid = await press(link, 'pay');
    const id = new URL(paid.headers.get('location') as string).searchParams.get('transaction_id');
    await expect(create(ref)).rejects.toMatchObject({ status: 400 });
    expect(
      (await t.request('POST', `/sandbox/api/flutterwave/transactions/${id}/resend-webhook`))
        .status,
    ).toBe(202);
    await eventually(
      async () => receiver.on('/flw/webhook').filter((r) => r.body.includes(ref)).length === 2,
    );
    const [first, second] = receiver.on('/flw/webhook').filter((r) => r.body.includes(ref));
    expect(second.body).toBe(first.body);
  });

  it('can fail the next verify call on purpose (503), then answers again', async () => {
    await t.request('POST', '/sandbox/api/faults', {
      body: { target: 'flutterwave.verify', count: 1, status: 503 },
    });
    await expect(client.verifyByReference('never-created')).rejects.toMatchObject({ status: 503 });
    await expect(client.verifyByReference('never-created')).resolves.toBeNull();
  });
});
