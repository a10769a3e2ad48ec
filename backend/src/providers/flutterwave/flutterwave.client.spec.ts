import { createHmac } from 'node:crypto';

import { ProviderAuthError, ProviderCallbackError, ProviderHttpError } from '../common/http';
import { StubReply, StubServer } from '../common/stub-server.testing';
import {
  checkVerifiedPayment,
  FlutterwaveClient,
  FLUTTERWAVE_PATHS,
  parseWebhook,
  verifyFlutterwaveSignature,
  verifyWebhookSignature,
} from './flutterwave.client';
import {
  CreatePaymentInput,
  FlutterwaveClientOptions,
  FlutterwaveTransaction,
} from './flutterwave.types';

const SECRET_KEY = 'FLWSECK_TEST-abc123-X';
const TX = {
  id: 4817290,
  tx_ref: 'NG-SLIP-4521-8f3a1c',
  flw_ref: 'FLW-MOCK-7c1e92b0d44a6f3e',
  device_fingerprint: 'N/A',
  amount: 2500,
  currency: 'NGN',
  charged_amount: 2535,
  app_fee: 35,
  status: 'successful',
  payment_type: 'card',
  created_at: '2025-11-14T10:21:33.000Z',
  meta: { slip_id: '4521', country: 'NG' },
  customer: {
    id: 2209941,
    name: 'Ada Obi',
    phone_number: '08031234567',
    email: 'buyer@example.com',
    created_at: '2025-11-14T10:20:02.000Z',
  },
};
const VERIFIED: StubReply = {
  body: { status: 'success', message: 'Transaction fetched successfully', data: TX },
};
const PARSED: FlutterwaveTransaction = {
  id: 4817290,
  txRef: 'NG-SLIP-4521-8f3a1c',
  flwRef: 'FLW-MOCK-7c1e92b0d44a6f3e',
  amount: '2500.00',
  chargedAmount: '2535.00',
  currency: 'NGN',
  status: 'successful',
  paymentType: 'card',
  createdAt: '2025-11-14T10:21:33.000Z',
  customer: { email: 'buyer@example.com', name: 'Ada Obi', phoneNumber: '08031234567' },
  meta: { slip_id: '4521', country: 'NG' },
};
const PAYMENT: CreatePaymentInput = {
  txRef: 'NG-SLIP-4521-8f3a1c',
  amount: '2500.00',
  currency: 'NGN',
  redirectUrl: 'https://tips.example.com/find_tip_ng',
  customer: { email: 'buyer@example.com', phonenumber: '08031234567', name: 'Ada Obi' },
  paymentOptions: 'card,banktransfer,ussd',
  customizations: { title: 'Tip slip #4521' },
  meta: { slip_id: 4521, country: 'NG' },
  sessionDurationMinutes: 30,
};

describe(FlutterwaveClient.name, () => {
  let stub: StubServer;
  const client = (options: Partial<FlutterwaveClientOptions> = {}): FlutterwaveClient =>
    new FlutterwaveClient({
      baseUrl: stub.url,
      secretKey: SECRET_KEY,
      retries: 2,
      backoff: { baseMs: 1, maxMs: 5 },
      ...options,
    });

  beforeEach(async () => {
    stub = await StubServer.start();
  });
  afterEach(() => stub.close());

  describe('createPayment (§2.2)', () => {
    const LINK = 'https://checkout.flutterwave.com/v3/hosted/pay/3b7c9e2a41d5f0';

    it('posts the Standard body with the amount as a JSON number built from its digits', async () => {
      stub.on(`POST ${FLUTTERWAVE_PATHS.payments}`, {
        body: { status: 'success', message: 'Hosted Link', data: { link: LINK } },
      });
      await expect(client().createPayment(PAYMENT)).resolves.toEqual({ link: LINK });
      const request = stub.requests[0];
      expect(request.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
      expect(request.headers['content-type']).toBe('application/json');
      expect(request.body).toContain('"amount":2500,');
      expect(JSON.parse(request.body)).toEqual({
        tx_ref: 'NG-SLIP-4521-8f3a1c',
        amount: 2500,
        currency: 'NGN',
        redirect_url: 'https://tips.example.com/find_tip_ng',
        payment_options: 'card,banktransfer,ussd',
        customer: { email: 'buyer@example.com', phonenumber: '08031234567', name: 'Ada Obi' },
        customizations: { title: 'Tip slip #4521' },
        meta: { slip_id: 4521, country: 'NG' },
        configurations: { session_duration: 30 },
      });
    });

    it('keeps kobo-level amounts exact and refuses fractions for UGX', async () => {
      stub.on(`POST ${FLUTTERWAVE_PATHS.payments}`, {
        body: { status: 'success', message: 'Hosted Link', data: { link: LINK } },
      });
      await client().createPayment({ ...PAYMENT, amount: '2500.5' });
      expect(stub.requests[0].body).toContain('"amount":2500.50,');
      await expect(
        client().createPayment({ ...PAYMENT, currency: 'UGX', amount: '1500.50' }),
      ).rejects.toMatchObject({
        name: 'ProviderInputError',
        field: 'amount',
      });
      await expect(
        client().createPayment({ ...PAYMENT, amount: '2500.005' }),
      ).rejects.toMatchObject({ field: 'amount' });
      await expect(client().createPayment({ ...PAYMENT, amount: '-1' })).rejects.toMatchObject({
        field: 'amount',
      });
      expect(stub.requests).toHaveLength(1);
    });

    it('reports an error envelope with its message and does not retry it', async () => {
      stub.on(`POST ${FLUTTERWAVE_PATHS.payments}`, {
        status: 400,
        body: { status: 'error', message: 'Invalid currency', data: null },
      });
      await expect(client().createPayment(PAYMENT)).rejects.toMatchObject({
        name: 'ProviderHttpError',
        status: 400,
        providerMessage: 'Invalid currency',
        outcomeUnknown: false,
      });
      expect(stub.requests).toHaveLength(1);
    });

    it('never re-POSTs after a 503: the outcome is unknown', async () => {
      stub.sequence(
        `POST ${FLUTTERWAVE_PATHS.payments}`,
        { status: 503, body: { status: 'error', message: 'timeout', data: null } },
        { body: {} },
      );
      const error = await client({ retries: 3 })
        .createPayment(PAYMENT)
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ProviderHttpError);
      expect(error).toMatchObject({ status: 503, outcomeUnknown: true });
      expect(stub.requests).toHaveLength(1);
    });
  });

  describe('verify (§2.4)', () => {
    it('verifies by id and reads amounts as decimal strings', async () => {
      stub.on(`GET ${FLUTTERWAVE_PATHS.verifyById('4817290')}`, VERIFIED);
      await expect(client().verifyTransaction(4817290)).resolves.toEqual(PARSED);
      expect(stub.requests[0].headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
    });

    it('verifies by tx_ref with the reference in the query', async () => {
      stub.on(`GET ${FLUTTERWAVE_PATHS.verifyByReference}`, VERIFIED);
      await expect(client().verifyByReference('NG-SLIP-4521-8f3a1c')).resolves.toEqual(PARSED);
      expect(stub.requests[0].query.get('tx_ref')).toBe('NG-SLIP-4521-8f3a1c');
    });

    it('retries a 503 (verify is idempotent)', async () => {
      stub.sequence(
        `GET ${FLUTTERWAVE_PATHS.verifyById('4817290')}`,
        { status: 503, body: 'busy' },
        VERIFIED,
      );
      await expect(client().verifyTransaction('4817290')).resolves.toMatchObject({ id: 4817290 });
      expect(stub.requests).toHaveLength(2);
    });

    it('returns null when Flutterwave finds no such transaction', async () => {
      stub.on(`GET ${FLUTTERWAVE_PATHS.verifyById('1')}`, {
        status: 400,
        body: { status: 'error', message: 'No transaction was found for this id', data: null },
      });
      await expect(client().verifyTransaction(1)).resolves.toBeNull();
      expect(stub.requests).toHaveLength(1);
    });

    it('does not take a bare 404 (wrong base URL) for "not found"', async () => {
      await expect(client().verifyTransaction(2)).rejects.toMatchObject({
        name: 'ProviderHttpError',
        status: 404,
      });
    });

    it('maps a refused key to ProviderAuthError', async () => {
      stub.on(`GET ${FLUTTERWAVE_PATHS.verifyById('3')}`, {
        status: 401,
        body: { status: 'error', message: 'Invalid authorization key', data: null },
      });
      await expect(client().verifyTransaction(3)).rejects.toBeInstanceOf(ProviderAuthError);
    });

    it('refuses a non-numeric id and a malformed success body', async () => {
      await expect(client().verifyTransaction('12a')).rejects.toMatchObject({
        name: 'ProviderInputError',
      });
      stub.on(`GET ${FLUTTERWAVE_PATHS.verifyById('4')}`, {
        body: { status: 'success', data: { ...TX, amount: 'lots' } },
      });
      await expect(client().verifyTransaction(4)).rejects.toMatchObject({
        name: 'ProviderResponseError',
        field: 'data.amount',
      });
    });
  });
});

describe('checkVerifiedPayment (§2.4)', () => {
  const expected = { txRef: 'NG-SLIP-4521-8f3a1c', currency: 'NGN', amount: '2500.00' };

  it('passes the four documented checks and flags an overpayment', () => {
    expect(checkVerifiedPayment(PARSED, expected)).toEqual({ ok: true, overpaid: false });
    expect(checkVerifiedPayment({ ...PARSED, amount: '2600.00' }, expected)).toEqual({
      ok: true,
      overpaid: true,
    });
  });

  it.each([
    ['status', { status: 'pending' }],
    ['tx_ref', { txRef: 'NG-OTHER' }],
    ['currency', { currency: 'UGX' }],
    ['amount', { amount: '2499.99' }],
  ])('fails on %s', (reason, patch) => {
    expect(checkVerifiedPayment({ ...PARSED, ...patch }, expected)).toEqual({ ok: false, reason });
  });
});

describe('verifyWebhookSignature (§2.5 verif-hash)', () => {
  const SECRET = 'dev-only-flw-webhook-hash';

  it('accepts exactly the secret hash', () => {
    expect(verifyWebhookSignature(SECRET, SECRET)).toBe(true);
  });

  it.each([
    ['a different value of the same length', 'dev-only-flw-webhook-hasH'],
    ['a prefix', 'dev-only'],
    ['a longer value', `${SECRET}x`],
    ['a missing header', undefined],
    ['a repeated header', [SECRET, SECRET]],
    ['an empty header', ''],
  ])('refuses %s', (_case, header) => {
    expect(verifyWebhookSignature(header, SECRET)).toBe(false);
  });

  it('refuses everything when no secret is configured', () => {
    expect(verifyWebhookSignature('', '')).toBe(false);
  });

  it('accepts flutterwave-signature as the secret or as base64 HMAC-SHA256 of the raw body', () => {
    const raw = '{"event":"charge.completed","data":{"id":1}}';
    const hmac = createHmac('sha256', SECRET).update(raw).digest('base64');
    expect(verifyFlutterwaveSignature(hmac, SECRET, raw)).toBe(true);
    expect(verifyFlutterwaveSignature(SECRET, SECRET, raw)).toBe(true);
    expect(verifyFlutterwaveSignature(hmac, SECRET, `${raw} `)).toBe(false);
    expect(verifyFlutterwaveSignature(undefined, SECRET, raw)).toBe(false);
  });
});

describe('parseWebhook (§2.5)', () => {
  it('reads the v3 charge.completed envelope', () => {
    const body = {
      event: 'charge.completed',
      data: {
        ...TX,
        tx_ref: 'UG-SLIP-4521-2d9b40',
        amount: 1500,
        currency: 'UGX',
        status: 'successful',
      },
      'event.type': 'MOBILEMONEYUG_TRANSACTION',
    };
    expect(parseWebhook(body)).toEqual({
      kind: 'charge',
      shape: 'v3',
      event: 'charge.completed',
      transactionId: 4817290,
      txRef: 'UG-SLIP-4521-2d9b40',
      status: 'successful',
      amount: '1500.00',
      currency: 'UGX',
      flwRef: 'FLW-MOCK-7c1e92b0d44a6f3e',
      customerEmail: 'buyer@example.com',
    });
  });

  it('reads the legacy flat shape', () => {
    const body = {
      id: 4817290,
      txRef: 'NG-SLIP-4521-8f3a1c',
      flwRef: 'FLW-MOCK-7c1e92b0d44a6f3e',
      orderRef: 'URF_1731579693000_5521931',
      amount: 2500,
      charged_amount: 2535,
      status: 'successful',
      currency: 'NGN',
      customer: { id: 2209941, phone: null, fullName: 'Ada Obi', email: 'buyer@example.com' },
      'event.type': 'CARD_TRANSACTION',
    };
    expect(parseWebhook(body)).toMatchObject({
      kind: 'charge',
      shape: 'legacy',
      event: 'CARD_TRANSACTION',
      transactionId: 4817290,
      txRef: 'NG-SLIP-4521-8f3a1c',
      amount: '2500.00',
      customerEmail: 'buyer@example.com',
    });
  });

  it('passes other events and unknown shapes through as "other"', () => {
    expect(
      parseWebhook({ event: 'transfer.completed', data: { id: 1, reference: 'wd-1' } }),
    ).toEqual({ kind: 'other', event: 'transfer.completed' });
    expect(
      parseWebhook({ AmountRefunded: 100, FlwRef: 'x', TransactionId: 1, status: 'completed' }),
    ).toEqual({ kind: 'other' });
  });

  it('throws ProviderCallbackError for a charge without id or tx_ref, or a non-object', () => {
    expect(() => parseWebhook({ event: 'charge.completed', data: { tx_ref: 'x' } })).toThrow(
      ProviderCallbackError,
    );
    expect(() => parseWebhook({ event: 'charge.completed', data: { id: 1 } })).toThrow(
      /data\.tx_ref/,
    );
    expect(() => parseWebhook({ txRef: 'x', id: 'abc' })).toThrow(/id/);
    expect(() => parseWebhook('charge')).toThrow(ProviderCallbackError);
  });
});
