import { parseWebhook } from '../../../providers/flutterwave/flutterwave.client';
import {
  appFee,
  formatMoney,
  redirectTarget,
  transactionData,
  validatePayment,
  webhookBody,
} from './flutterwave-rules';

const request = (overrides: Record<string, unknown> = {}) => ({
  tx_ref: 'NG-SLIP-4521-8f3a1c',
  amount: 2500,
  currency: 'NGN',
  redirect_url: 'https://tips.example.com/find_tip_ng',
  customer: { email: 'buyer@example.com', phonenumber: '08031234567', name: 'Ada Obi' },
  customizations: { title: 'Tip slip #4521' },
  meta: { slip_id: 4521 },
  configurations: { session_duration: 30 },
  ...overrides,
});

describe('validatePayment', () => {
  it('accepts the §2.2 example, both phone spellings and a default currency', () => {
    expect(validatePayment(request())).toMatchObject({
      ok: true,
      value: {
        txRef: 'NG-SLIP-4521-8f3a1c',
        amount: '2500.00',
        currency: 'NGN',
        customer: { phone_number: '08031234567' },
      },
    });
    const alt = validatePayment(
      request({
        currency: undefined,
        customer: { email: 'b@x.io', phone_number: '256772123456' },
        amount: '99.5',
      }),
    );
    expect(alt).toMatchObject({
      ok: true,
      value: {
        currency: 'NGN',
        amount: '99.50',
        customer: { phone_number: '256772123456', name: null },
      },
    });
  });

  it.each([
    [{ tx_ref: '' }, 'tx_ref is required'],
    [{ amount: 0 }, 'amount must be a positive number with at most 2 decimals'],
    [{ amount: 10.123 }, 'amount must be a positive number with at most 2 decimals'],
    [{ amount: '12abc' }, 'amount must be a positive number with at most 2 decimals'],
    [{ currency: 'UGX', amount: 10.5 }, 'UGX amounts must be whole numbers'],
    [{ currency: 'XYZ' }, 'Invalid currency'],
    [{ redirect_url: 'nope' }, 'Invalid redirect_url'],
    [{ customer: { name: 'x' } }, 'customer.email is required'],
    [{ configurations: { session_duration: 5000 } }, 'session_duration must be 1 to 1440 minutes'],
  ])('rejects %j', (overrides, message) => {
    expect(validatePayment(request(overrides))).toEqual({
      ok: false,
      rejection: { status: 400, message },
    });
  });
});

describe('transactions and webhooks', () => {
  const tx = {
    transactionId: 4817290,
    txRef: 'NG-SLIP-4521-8f3a1c',
    flwRef: 'FLW-MOCK-7c1e92b0d44a6f3e',
    amount: '2500.00',
    currency: 'NGN',
    status: 'successful' as const,
    customer: { email: 'buyer@example.com', name: 'Ada Obi', phone_number: '08031234567' },
    customerId: 2209941,
    meta: { slip_id: 4521 },
    createdAt: new Date('2025-11-14T10:21:33Z'),
    customerCreatedAt: new Date('2025-11-14T10:20:02Z'),
  };

  it('computes the 1.4 % fee without floats, whole for UGX', () => {
    expect(appFee('2500.00', 'NGN')).toBe('35.00');
    expect(appFee('99.99', 'NGN')).toBe('1.40');
    expect(appFee('45000.00', 'UGX')).toBe('630.00');
    expect(appFee('1500.00', 'UGX')).toBe('21.00');
  });

  it('shapes verify data like §2.4', () => {
    expect(transactionData(tx)).toMatchObject({
      id: 4817290,
      tx_ref: tx.txRef,
      amount: 2500,
      charged_amount: 2500,
      app_fee: 35,
      amount_settled: 2465,
      status: 'successful',
      payment_type: 'card',
      customer: { email: 'buyer@example.com', phone_number: '08031234567' },
      card: expect.objectContaining({ last_4digits: '2950' }),
    });
  });

  it('builds a v3 charge.completed webhook the client parses', () => {
    const body = JSON.parse(
      JSON.stringify(webhookBody({ ...tx, currency: 'UGX', amount: '1500.00' })),
    );
    expect(body['event.type']).toBe('MOBILEMONEYUG_TRANSACTION');
    expect(parseWebhook(body)).toEqual({
      kind: 'charge',
      shape: 'v3',
      event: 'charge.completed',
      transactionId: 4817290,
      txRef: tx.txRef,
      status: 'successful',
      amount: '1500.00',
      currency: 'UGX',
      flwRef: tx.flwRef,
      customerEmail: 'buyer@example.com',
    });
  });

  it('adds status, tx_ref and transaction_id to redirect_url, keeping its query', () => {
    expect(
      redirectTarget('https://x.io/find_tip_ng?lang=en', {
        status: 'successful',
        txRef: 'A&B',
        transactionId: 7,
      }),
    ).toBe('https://x.io/find_tip_ng?lang=en&status=successful&tx_ref=A%26B&transaction_id=7');
    expect(redirectTarget('https://x.io/r', { status: 'cancelled', txRef: 'T1' })).toBe(
      'https://x.io/r?status=cancelled&tx_ref=T1',
    );
  });

  it('formats money for the checkout page', () => {
    expect(formatMoney('2500.00', 'NGN')).toBe('NGN 2,500.00');
    expect(formatMoney('45000.00', 'UGX')).toBe('UGX 45,000');
  });
});
