import { AppConfig } from '../../../src/config/app-config';
import { ProviderAuthError, ProviderHttpError } from '../../../src/providers/common/http';
import {
  DarajaClient,
  parseB2cResult,
  parseStkCallback,
  stkPassword,
} from '../../../src/providers/daraja/daraja.client';
import { SandboxSweeper } from '../../../src/sandbox/outbound/sandbox-sweeper';
import { createTestContext, TestContext } from '../../setup/test-app';
import { CallbackReceiver, eventually, jsonOf } from './support/callback-receiver';

/**
 * The Daraja sandbox driven by the real DarajaClient over HTTP on the listening app (docs/ARCHITECTURE.md "Providers and sandboxes"):
 * STK push → prompt on the sandbox phone → accept / decline / wrong PIN / 1037 timeout →
 * callback to CallBackURL; STK query in every state; B2C success and failures; callbacks retried
 * and never crashing the app.
 */
/** SANDBOX_STK_TIMEOUT_MS of this file's app. */
const STK_TIMEOUT_MS = 45_000;

describe('Daraja sandbox', () => {
  let t: TestContext;
  let receiver: CallbackReceiver;
  let client: DarajaClient;
  let phoneSeq = 0;
  /** A fresh MSISDN per test so inboxes do not mix. */
  const nextPhone = (): string => `2547${String(10_000_000 + ++phoneSeq).slice(-8)}`;

  beforeAll(async () => {
    receiver = await CallbackReceiver.start();
    // Prompts live STK_TIMEOUT_MS: long enough for any test to answer on a busy machine; the
    // timeout tests bring their own prompt's deadline forward instead of waiting for it.
    t = await createTestContext({
      listen: true,
      env: {
        SANDBOX_STK_TIMEOUT_MS: String(STK_TIMEOUT_MS),
        SANDBOX_CALLBACK_RETRY_MS: '100',
        SANDBOX_AUTO_ACCEPT: '0',
      },
    });
    const mpesa = t.get(AppConfig).mpesa;
    expect(mpesa.baseUrl).toBe(`${t.baseUrl}/sandbox/daraja`);
    client = new DarajaClient({ ...mpesa, retries: 0 });
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  const push = (msisdn: string, amount = '10.00', path = '/stk') =>
    client.stkPush({
      amountKsh: amount,
      msisdn,
      accountReference: 'SLIP4521',
      transactionDesc: 'Tip slip',
      callbackUrl: receiver.url(path),
    });
  const stkCallbackFor = async (checkoutRequestId: string) =>
    parseStkCallback(
      jsonOf(
        await receiver.waitFor((r) => r.path === '/stk' && r.body.includes(checkoutRequestId)),
      ),
    );
  const phone = async (msisdn: string) =>
    (await t.request('GET', `/sandbox/api/phones/${msisdn}`)).body;
  const answer = (msisdn: string, id: string, action: string, body: unknown = {}) =>
    t.request('POST', `/sandbox/api/phones/${msisdn}/prompts/${id}/${action}`, { body });
  /** Brings a prompt's deadline to now, as if it had been left alone for SANDBOX_STK_TIMEOUT_MS. */
  const expireNow = (checkoutRequestId: string) =>
    t.ds.query(`UPDATE sandbox_stk_request SET expires_at = now() WHERE checkout_request_id = $1`, [
      checkoutRequestId,
    ]);

  describe('OAuth', () => {
    it('issues a token for the configured consumer key and secret, expires_in as the string "3599"', async () => {
      const { consumerKey, consumerSecret } = t.get(AppConfig).mpesa;
      const basic = Buffer.from(`${consumerKey}:${consumerSecret}`).toString('base64');
      const res = await fetch(
        `${t.baseUrl}/sandbox/daraja/oauth/v1/generate?grant_type=client_credentials`,
        {
          headers: { authorization: `Basic ${basic}` },
        },
      );
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({
        access_token: expect.stringMatching(/^[A-Za-z0-9]{28}$/),
        expires_in: '3599',
      });
      await expect(client.getAccessToken()).resolves.toMatch(/^[A-Za-z0-9]{28}$/);
    });

    it('refuses wrong credentials and a wrong grant type with the Daraja error body', async () => {
      const wrong = new DarajaClient({
        ...t.get(AppConfig).mpesa,
        consumerSecret: 'nope',
        retries: 0,
      });
      await expect(wrong.getAccessToken()).rejects.toBeInstanceOf(ProviderAuthError);
      const basic = Buffer.from('sandbox-consumer-key:sandbox-consumer-secret').toString('base64');
      const res = await fetch(`${t.baseUrl}/sandbox/daraja/oauth/v1/generate?grant_type=password`, {
        headers: { authorization: `Basic ${basic}` },
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        requestId: expect.any(String),
        errorCode: '400.008.02',
        errorMessage: 'Invalid grant type passed',
      });
    });

    it('answers 404.001.03 to an unknown bearer token', async () => {
      const res = await fetch(`${t.baseUrl}/sandbox/daraja/mpesa/stkpush/v1/processrequest`, {
        method: 'POST',
        headers: { authorization: 'Bearer made-up', 'content-type': 'application/json' },
        body: '{}',
      });
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({
        errorCode: '404.001.03',
        errorMessage: 'Invalid Access Token',
      });
    });
  });

  describe('STK push validation', () => {
    const rawPush = async (overrides: Record<string, unknown>) => {
      const { shortcode, passkey } = t.get(AppConfig).mpesa;
      const timestamp = '20251114103512';
      const body = {
        BusinessShortCode: Number(shortcode),
        Password: stkPassword(shortcode, passkey, timestamp),
        Timestamp: timestamp,
        TransactionType: 'CustomerPayBillOnline',
        Amount: 100,
        PartyA: 254712345678,
        PartyB: Number(shortcode),
        PhoneNumber: 254712345678,
        CallBackURL: receiver.url('/stk'),
        AccountReference: 'SLIP1',
        TransactionDesc: 'Tip slip',
        ...overrides,
      };
      const res = await fetch(`${t.baseUrl}/sandbox/daraja/mpesa/stkpush/v1/processrequest`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${await client.getAccessToken()}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify(body),
      });
      return { status: res.status, body: await res.json() };
    };

    it.each([
      [{ PhoneNumber: 255712345678 }, 400, '400.002.02', 'Bad Request - Invalid PhoneNumber'],
      [{ PhoneNumber: 25471234567 }, 400, '400.002.02', 'Bad Request - Invalid PhoneNumber'],
      [{ Amount: 0 }, 400, '400.002.02', 'Bad Request - Invalid Amount'],
      [{ Amount: 10.5 }, 400, '400.002.02', 'Bad Request - Invalid Amount'],
      [{ CallBackURL: 'not a url' }, 400, '400.002.02', 'Bad Request - Invalid CallBackURL'],
      [
        { AccountReference: 'THIRTEENCHARS' },
        400,
        '400.002.02',
        'Bad Request - Invalid AccountReference',
      ],
      [{ TransactionType: 'Nope' }, 400, '400.002.02', 'Bad Request - Invalid TransactionType'],
      [{ Timestamp: '2025-11-14' }, 400, '400.002.02', 'Bad Request - Invalid Timestamp'],
      [
        { Password: Buffer.from('174379wrongpass20251114103512').toString('base64') },
        500,
        '500.001.1001',
        'Wrong credentials',
      ],
      [{ BusinessShortCode: 600000 }, 500, '500.001.1001', 'Merchant does not exist'],
    ])(
      'rejects %j with the Daraja error envelope',
      async (overrides, status, errorCode, errorMessage) => {
        const res = await rawPush(overrides);
        expect(res.status).toBe(status);
        expect(res.body).toEqual({ requestId: expect.any(String), errorCode, errorMessage });
      },
    );

    it('refuses a client with the wrong passkey (Password check) as a typed error', async () => {
      const wrong = new DarajaClient({
        ...t.get(AppConfig).mpesa,
        passkey: 'not-the-passkey',
        retries: 0,
      });
      const err = await wrong
        .stkPush({
          amountKsh: 10,
          msisdn: '254712345678',
          accountReference: 'X1',
          callbackUrl: receiver.url('/stk'),
        })
        .catch((e) => e);
      expect(err).toBeInstanceOf(ProviderHttpError);
      expect(err).toMatchObject({ providerCode: '500.001.1001', outcomeUnknown: false });
    });

    it('accepts a 2541… MSISDN and string numbers', async () => {
      const res = await rawPush({
        PhoneNumber: '254112345678',
        PartyA: '254112345678',
        Amount: '50',
      });
      expect(res.status).toBe(200);
      expect(res.body.CheckoutRequestID).toMatch(/^ws_CO_\d{14}\d{6}112345678$/);
    });
  });

  describe('STK push outcomes', () => {
    it('accepted with any 4-digit PIN: callback ResultCode 0 with metadata, M-Pesa SMS, query "0"', async () => {
      const msisdn = nextPhone();
      const sent = await push(msisdn, '250.00');
      expect(sent).toMatchObject({
        responseCode: '0',
        customerMessage: 'Success. Request accepted for processing',
        checkoutRequestId: expect.stringMatching(/^ws_CO_\d+$/),
        merchantRequestId: expect.any(String),
      });

      const before = await phone(msisdn);
      expect(before.prompts).toEqual([
        expect.objectContaining({
          checkoutRequestId: sent.checkoutRequestId,
          amount: '250.00',
          accountReference: 'SLIP4521',
        }),
      ]);
      await expect(client.stkQuery(sent.checkoutRequestId)).resolves.toMatchObject({
        status: 'pending',
      });

      const accepted = await answer(msisdn, sent.checkoutRequestId, 'accept', { pin: '4821' });
      expect(accepted.status).toBe(200);
      expect(accepted.body).toMatchObject({
        status: 'accepted',
        resultCode: 0,
        receipt: expect.stringMatching(/^[A-Z0-9]{10}$/),
      });

      const callback = await stkCallbackFor(sent.checkoutRequestId);
      expect(callback).toEqual({
        merchantRequestId: sent.merchantRequestId,
        checkoutRequestId: sent.checkoutRequestId,
        resultCode: '0',
        resultDesc: 'The service request is processed successfully.',
        outcome: 'paid',
        receipt: accepted.body.receipt,
        amountKsh: '250.00',
        phone: msisdn,
        transactionDate: expect.stringMatching(/^20\d{12}$/),
      });
      const raw = jsonOf(receiver.on('/stk').find((r) => r.body.includes(sent.checkoutRequestId))!);
      expect(raw.Body.stkCallback.CallbackMetadata.Item).toEqual([
        { Name: 'Amount', Value: 250 },
        { Name: 'MpesaReceiptNumber', Value: accepted.body.receipt },
        { Name: 'Balance' },
        { Name: 'TransactionDate', Value: expect.any(Number) },
        { Name: 'PhoneNumber', Value: Number(msisdn) },
      ]);

      const after = await phone(msisdn);
      expect(after.prompts).toEqual([]);
      expect(after.messages[0]).toEqual({
        from: 'MPESA',
        body: expect.stringMatching(
          new RegExp(`^${accepted.body.receipt} Confirmed\\. Ksh250\\.00 sent to `),
        ),
        at: expect.any(String),
      });
      await expect(client.stkQuery(sent.checkoutRequestId)).resolves.toMatchObject({
        status: 'done',
        resultCode: '0',
        outcome: 'paid',
      });
    });

    it('declined: callback ResultCode 1032 without metadata, query "1032"', async () => {
      const msisdn = nextPhone();
      const sent = await push(msisdn);
      expect((await answer(msisdn, sent.checkoutRequestId, 'decline')).body).toMatchObject({
        status: 'declined',
        resultCode: 1032,
      });
      const callback = await stkCallbackFor(sent.checkoutRequestId);
      expect(callback).toMatchObject({
        resultCode: '1032',
        outcome: 'cancelled',
        resultDesc: 'Request cancelled by user',
      });
      expect(callback.receipt).toBeUndefined();
      await expect(client.stkQuery(sent.checkoutRequestId)).resolves.toMatchObject({
        status: 'done',
        resultCode: '1032',
        outcome: 'cancelled',
      });
      expect((await phone(msisdn)).messages).toEqual([]);
    });

    it('wrong PIN: callback ResultCode 2001', async () => {
      const msisdn = nextPhone();
      const sent = await push(msisdn);
      await answer(msisdn, sent.checkoutRequestId, 'wrong-pin');
      expect(await stkCallbackFor(sent.checkoutRequestId)).toMatchObject({
        resultCode: '2001',
        outcome: 'failed',
      });
    });

    it('left alone past SANDBOX_STK_TIMEOUT_MS: callback ResultCode 1037, query "1037", prompt gone', async () => {
      const msisdn = nextPhone();
      const sent = await push(msisdn);
      const [prompt] = (await phone(msisdn)).prompts;
      expect(Date.parse(prompt.expiresAt) - Date.parse(prompt.createdAt)).toBe(STK_TIMEOUT_MS);
      await expireNow(sent.checkoutRequestId);
      const callback = await stkCallbackFor(sent.checkoutRequestId);
      expect(callback).toMatchObject({
        resultCode: '1037',
        outcome: 'timeout',
        resultDesc: 'DS timeout user cannot be reached',
      });
      await expect(client.stkQuery(sent.checkoutRequestId)).resolves.toMatchObject({
        status: 'done',
        resultCode: '1037',
        outcome: 'timeout',
      });
      expect((await phone(msisdn)).prompts).toEqual([]);
      expect((await answer(msisdn, sent.checkoutRequestId, 'accept', { pin: '1234' })).status).toBe(
        409,
      );
    });

    it('keeps the deadline in the database: a prompt times out even if the sweeper was stopped over it', async () => {
      const sweeper = t.get(SandboxSweeper);
      const msisdn = nextPhone();
      await sweeper.stop();
      try {
        const sent = await push(msisdn);
        await expireNow(sent.checkoutRequestId); // the deadline passes with no timer running in this process
        expect(receiver.on('/stk').some((r) => r.body.includes(sent.checkoutRequestId))).toBe(
          false,
        );
        sweeper.start();
        expect(await stkCallbackFor(sent.checkoutRequestId)).toMatchObject({ resultCode: '1037' });
      } finally {
        sweeper.start();
      }
    });

    it('answers bad PINs, unknown prompts, other phones and repeated answers with 4xx messages', async () => {
      const msisdn = nextPhone();
      const sent = await push(msisdn);
      for (const pin of [undefined, '', '123', '12345', 'abcd', 1234]) {
        const res = await answer(msisdn, sent.checkoutRequestId, 'accept', { pin });
        expect(res.status).toBe(400);
        expect(res.body).toEqual({ message: 'Enter your 4-digit M-PESA PIN' });
      }
      expect(
        (await answer(nextPhone(), sent.checkoutRequestId, 'accept', { pin: '1234' })).status,
      ).toBe(404);
      expect((await answer(msisdn, 'ws_CO_nope', 'decline')).status).toBe(404);
      expect((await answer(msisdn, sent.checkoutRequestId, 'dance')).status).toBe(404);
      expect((await answer('12', sent.checkoutRequestId, 'decline')).status).toBe(400);
      expect((await answer(msisdn, sent.checkoutRequestId, 'decline')).status).toBe(200);
      const again = await answer(msisdn, sent.checkoutRequestId, 'accept', { pin: '1234' });
      expect(again.status).toBe(409);
      expect(again.body.message).toBe('This payment prompt is no longer pending');
    });

    it('answers an unknown CheckoutRequestID query with 400.002.02', async () => {
      const err = await client.stkQuery('ws_CO_00000000000000000000').catch((e) => e);
      expect(err).toBeInstanceOf(ProviderHttpError);
      expect(err).toMatchObject({ status: 400, providerCode: '400.002.02' });
    });
  });

  describe('callback delivery', () => {
    it('retries a failing callback target and delivers once it answers 200', async () => {
      const msisdn = nextPhone();
      const sent = await push(msisdn, '10.00', '/flaky');
      let calls = 0;
      receiver.respond = (r) => (r.path === '/flaky' && ++calls <= 2 ? 503 : 200);
      try {
        await answer(msisdn, sent.checkoutRequestId, 'decline');
        const log = await eventually(async () => {
          const [row] = (
            await t.request('GET', `/sandbox/api/deliveries?reference=${sent.checkoutRequestId}`)
          ).body;
          return row?.state === 'delivered' ? row : null;
        });
        expect(log).toMatchObject({ kind: 'callback.daraja.stk', attempts: 3, last_status: 200 });
        expect(receiver.on('/flaky')).toHaveLength(3);
      } finally {
        receiver.respond = () => 200;
      }
    });

    it('gives up on a dead callback target after SANDBOX_CALLBACK_ATTEMPTS and keeps serving', async () => {
      const dead = await CallbackReceiver.start();
      const deadUrl = dead.url('/gone');
      await dead.close();
      const msisdn = nextPhone();
      const sent = await client.stkPush({
        amountKsh: 10,
        msisdn,
        accountReference: 'X1',
        callbackUrl: deadUrl,
      });
      await answer(msisdn, sent.checkoutRequestId, 'accept', { pin: '0000' });
      const log = await eventually(async () => {
        const [row] = (
          await t.request('GET', `/sandbox/api/deliveries?reference=${sent.checkoutRequestId}`)
        ).body;
        return row?.state === 'gave_up' ? row : null;
      });
      expect(log).toMatchObject({
        attempts: 4,
        last_status: null,
        last_error: expect.stringMatching(/ECONNREFUSED|fetch failed/),
      });
      expect((await t.request('GET', '/api/health')).status).toBe(200);
      expect((await phone(msisdn)).messages[0].body).toMatch(/ Confirmed\. /);
    });

    it('can drop a callback (reconciliation tests) and send the latest one again on demand', async () => {
      const msisdn = nextPhone();
      const sent = await push(msisdn);
      await answer(msisdn, sent.checkoutRequestId, 'accept', { pin: '1111', callback: false });
      const [dropped] = (
        await t.request('GET', `/sandbox/api/deliveries?reference=${sent.checkoutRequestId}`)
      ).body;
      // Given up with no attempt: the sweeper never claims it, so nothing is ever sent.
      expect(dropped).toMatchObject({
        state: 'gave_up',
        attempts: 0,
        last_error: 'dropped by fault injection',
      });
      expect(receiver.on('/stk').some((r) => r.body.includes(sent.checkoutRequestId))).toBe(false);
      await expect(client.stkQuery(sent.checkoutRequestId)).resolves.toMatchObject({
        resultCode: '0',
      });

      expect(
        (
          await t.request(
            'POST',
            `/sandbox/api/daraja/stk/${sent.checkoutRequestId}/resend-callback`,
          )
        ).status,
      ).toBe(202);
      expect(await stkCallbackFor(sent.checkoutRequestId)).toMatchObject({
        resultCode: '0',
        outcome: 'paid',
      });
      await t.request('POST', `/sandbox/api/daraja/stk/${sent.checkoutRequestId}/resend-callback`);
      await eventually(
        async () =>
          receiver.on('/stk').filter((r) => r.body.includes(sent.checkoutRequestId)).length === 2,
      );
    });

    it('injected faults: the next STK push answers 500 Internal Server Error, the one after works', async () => {
      expect(
        (
          await t.request('POST', '/sandbox/api/faults', {
            body: { target: 'daraja.stkpush', count: 1 },
          })
        ).status,
      ).toBe(200);
      const err = await push(nextPhone()).catch((e) => e);
      expect(err).toMatchObject({
        status: 500,
        providerCode: '500.003.1001',
        outcomeUnknown: true,
      });
      await expect(push(nextPhone())).resolves.toMatchObject({ responseCode: '0' });
      expect(
        (await t.request('POST', '/sandbox/api/faults', { body: { target: 'nope', count: 1 } }))
          .status,
      ).toBe(400);
    });
  });

  describe('B2C', () => {
    const pay = (msisdn: string, amountKsh: number | string, id: string) =>
      client.b2cPayment({
        originatorConversationId: id,
        amountKsh,
        msisdn,
        remarks: 'Tipster withdrawal',
        occasion: 'Withdrawal',
        resultUrl: receiver.url('/b2c/result'),
        queueTimeoutUrl: receiver.url('/b2c/timeout'),
      });
    const resultFor = async (id: string) =>
      receiver.waitFor(
        (r) => r.path === '/b2c/result' && jsonOf(r).Result.OriginatorConversationID === id,
      );

    it('acknowledges at once and posts a successful Result to ResultURL after 2 s; a repeat is refused', async () => {
      const msisdn = nextPhone();
      const started = Date.now();
      const ack = await pay(msisdn, '1250.00', 'wd-000481');
      expect(ack).toEqual({
        status: 'accepted',
        conversationId: expect.stringMatching(/^AG_\d{8}_[0-9a-f]{20}$/),
        originatorConversationId: 'wd-000481',
        responseDescription: 'Accept the service request successfully.',
      });
      await expect(pay(msisdn, '1250.00', 'wd-000481')).resolves.toMatchObject({
        status: 'duplicate',
      });

      const delivered = await resultFor('wd-000481');
      expect(delivered.at - started).toBeGreaterThanOrEqual(1900);
      const result = parseB2cResult(jsonOf(delivered));
      expect(result).toMatchObject({
        paid: true,
        resultCode: '0',
        conversationId: ack.status === 'accepted' ? ack.conversationId : '',
        originatorConversationId: 'wd-000481',
        transactionId: expect.stringMatching(/^[A-Z0-9]{10}$/),
        amountKsh: '1250.00',
        receiverPartyPublicName: `${msisdn} - SANDBOX CUSTOMER`,
      });
      expect(result.receipt).toBe(result.transactionId);
      expect((await phone(msisdn)).messages[0].body).toMatch(
        new RegExp(`^${result.transactionId} Confirmed\\. You have received Ksh1,250\\.00`),
      );
      expect(receiver.on('/b2c/timeout')).toEqual([]);
    });

    it.each([
      ['an amount ending in 99', '254712000001', 199, '1'],
      ['the unregistered test recipient', '254700000040', 500, '2040'],
    ])(
      'fails for %s with a Result without ResultParameters',
      async (_label, msisdn, amount, code) => {
        const id = `wd-fail-${code}`;
        await pay(msisdn, amount, id);
        const raw = jsonOf(await resultFor(id));
        expect(raw.Result.ResultParameters).toBeUndefined();
        expect(parseB2cResult(raw)).toMatchObject({
          paid: false,
          resultCode: code,
          originatorConversationId: id,
        });
      },
    );

    it('fails with 2001 when the initiator credentials are wrong', async () => {
      const wrong = new DarajaClient({
        ...t.get(AppConfig).mpesa,
        securityCredential: 'wrong',
        retries: 0,
      });
      await wrong.b2cPayment({
        originatorConversationId: 'wd-bad-credential',
        amountKsh: 100,
        msisdn: '254712000002',
        remarks: 'Tipster withdrawal',
        resultUrl: receiver.url('/b2c/result'),
        queueTimeoutUrl: receiver.url('/b2c/timeout'),
      });
      expect(parseB2cResult(jsonOf(await resultFor('wd-bad-credential')))).toMatchObject({
        paid: false,
        resultCode: '2001',
      });
    });
  });
});
