import {
  parseAccountBalanceResult,
  parseB2cResult,
  parseStkCallback,
  parseTransactionStatusResult,
  stkPassword,
} from '../../../providers/daraja/daraja.client';
import {
  accountBalanceResultBody,
  b2cOutcome,
  b2cResultBody,
  expectedPassword,
  stkCallbackBody,
  stkConfirmationSms,
  stkQueryBody,
  transactionStatusResultBody,
  validateB2c,
  validateStkPush,
  validateStkQuery,
  validateTransactionStatus,
  validateAccountBalance,
} from './daraja-rules';

const creds = {
  shortcode: '174379',
  passkey: 'bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919',
};
const push = (overrides: Record<string, unknown> = {}) => ({
  BusinessShortCode: 174379,
  Password: expectedPassword('174379', creds.passkey, '20210628092408'),
  Timestamp: '20210628092408',
  TransactionType: 'CustomerPayBillOnline',
  Amount: 100,
  PartyA: 254712345678,
  PartyB: 174379,
  PhoneNumber: 254712345678,
  CallBackURL: 'https://tips.example.co.ke/api/processor/callbacks/stk/3f9c0b7e',
  AccountReference: 'SLIP4521',
  TransactionDesc: 'Tip slip',
  ...overrides,
});

describe('validateStkPush', () => {
  it("computes the STK Password of Safaricom's public test vector like the client", () => {
    expect(expectedPassword('174379', creds.passkey, '20160216165627')).toBe(
      'MTc0Mzc5YmZiMjc5ZjlhYTliZGJjZjE1OGU5N2RkNzFhNDY3Y2QyZTBjODkzMDU5YjEwZjc4ZTZiNzJhZGExZWQyYzkxOTIwMTYwMjE2MTY1NjI3',
    );
    expect(expectedPassword('174379', creds.passkey, '20210628092408')).toBe(
      stkPassword('174379', creds.passkey, '20210628092408'),
    );
  });

  it('accepts the documented example and normalises it', () => {
    expect(validateStkPush(push(), creds)).toEqual({
      ok: true,
      value: expect.objectContaining({
        amountKsh: '100.00',
        phoneNumber: '254712345678',
        partyB: '174379',
        accountReference: 'SLIP4521',
      }),
    });
    expect(
      validateStkPush(
        push({ PhoneNumber: '254112345678', PartyA: '254112345678', Amount: '5' }),
        creds,
      ).ok,
    ).toBe(true);
  });

  it.each([
    [{ Amount: 1.5 }, 'Bad Request - Invalid Amount'],
    [{ Amount: 250_001 }, 'Bad Request - Invalid Amount'],
    [{ Amount: '1e3' }, 'Bad Request - Invalid Amount'],
    [{ PhoneNumber: 254812345678 }, 'Bad Request - Invalid PhoneNumber'],
    [{ PhoneNumber: '0712345678' }, 'Bad Request - Invalid PhoneNumber'],
    [{ PhoneNumber: '254700040123', PartyA: '254700040123' }, 'Bad Request - Invalid PhoneNumber'],
    [{ PartyA: 2547123456789 }, 'Bad Request - Invalid PartyA'],
    [{ PartyB: 'x' }, 'Bad Request - Invalid PartyB'],
    [{ CallBackURL: 'javascript:alert(1)' }, 'Bad Request - Invalid CallBackURL'],
    [{ AccountReference: '' }, 'Bad Request - Invalid AccountReference'],
    [{ TransactionDesc: 'fourteen chars' }, 'Bad Request - Invalid TransactionDesc'],
    [{ Timestamp: '20211332092408' }, 'Bad Request - Invalid Timestamp'],
    [{ BusinessShortCode: 'abc' }, 'Bad Request - Invalid BusinessShortCode'],
  ])('rejects %j with 400 %s', (overrides, message) => {
    expect(validateStkPush(push(overrides), creds)).toEqual({
      ok: false,
      rejection: { status: 400, errorCode: '400.002.02', errorMessage: message },
    });
  });

  it('rejects a Password not derived from the sent timestamp, and a foreign shortcode, with 500.001.1001', () => {
    expect(validateStkPush(push({ Timestamp: '20210628092409' }), creds)).toMatchObject({
      ok: false,
      rejection: { status: 500, errorCode: '500.001.1001', errorMessage: 'Wrong credentials' },
    });
    expect(validateStkPush(push({ BusinessShortCode: 600000 }), creds)).toMatchObject({
      rejection: { errorMessage: 'Merchant does not exist' },
    });
    expect(validateStkPush('not json', creds)).toMatchObject({ ok: false });
  });
});

describe('validateStkQuery', () => {
  it('needs a CheckoutRequestID and valid credentials', () => {
    const body = {
      BusinessShortCode: 174379,
      Password: push().Password,
      Timestamp: '20210628092408',
      CheckoutRequestID: ' ws_CO_1 ',
    };
    expect(validateStkQuery(body, creds)).toEqual({ ok: true, value: 'ws_CO_1' });
    expect(validateStkQuery({ ...body, CheckoutRequestID: '' }, creds)).toMatchObject({
      rejection: { errorMessage: 'Bad Request - Invalid CheckoutRequestID' },
    });
  });
});

describe('STK callback and query bodies', () => {
  const stk = {
    merchantRequestId: '7d41-4c8a-9b21-0e5f33a1c2d84410921',
    checkoutRequestId: 'ws_CO_14112025103512345712345678',
    amountKsh: '100.00',
    receipt: 'TKE4H7Q2ZP',
    transactionDate: '20251114103547',
    msisdn: '254712345678',
  };

  it('builds the §1.6 success body the client parses as paid', () => {
    const body = stkCallbackBody({ ...stk, resolution: 'accepted' });
    expect(parseStkCallback(JSON.parse(JSON.stringify(body)))).toEqual({
      merchantRequestId: stk.merchantRequestId,
      checkoutRequestId: stk.checkoutRequestId,
      resultCode: '0',
      resultDesc: 'The service request is processed successfully.',
      outcome: 'paid',
      receipt: 'TKE4H7Q2ZP',
      amountKsh: '100.00',
      phone: '254712345678',
      transactionDate: '20251114103547',
    });
  });

  it.each([
    ['declined', '1032', 'cancelled'],
    ['timed_out', '1037', 'timeout'],
    ['wrong_pin', '2001', 'failed'],
  ] as const)('builds a %s body without CallbackMetadata (%s)', (resolution, code, outcome) => {
    const body = stkCallbackBody({ ...stk, resolution, receipt: null, transactionDate: null }) as {
      Body: { stkCallback: Record<string, unknown> };
    };
    expect(body.Body.stkCallback.CallbackMetadata).toBeUndefined();
    expect(parseStkCallback(body)).toMatchObject({ resultCode: code, outcome });
    expect(stkQueryBody({ ...stk, resolution })).toMatchObject({
      ResponseCode: '0',
      ResultCode: code,
    });
  });

  it('words the M-Pesa SMS like Safaricom, starting with the receipt', () => {
    const sms = stkConfirmationSms({
      receipt: 'TKE4H7Q2ZP',
      amountKsh: '1250.00',
      merchant: 'TIPSKE MARKETPLACE',
      accountReference: 'SLIP4521',
      at: new Date('2025-11-14T07:35:47Z'),
    });
    expect(sms).toBe(
      'TKE4H7Q2ZP Confirmed. Ksh1,250.00 sent to TIPSKE MARKETPLACE for account SLIP4521 on 14/11/25 at 10:35 AM. Transaction cost, Ksh0.00.',
    );
  });
});

describe('B2C', () => {
  const request = (overrides: Record<string, unknown> = {}) => ({
    OriginatorConversationID: 'wd-000481-1731581234',
    InitiatorName: 'testapi',
    SecurityCredential: 'c2VjcmV0',
    CommandID: 'BusinessPayment',
    Amount: 1250,
    PartyA: 600992,
    PartyB: 254712345678,
    Remarks: 'Tipster withdrawal',
    QueueTimeOutURL: 'https://tips.example.co.ke/t',
    ResultURL: 'https://tips.example.co.ke/r',
    Occassion: 'Withdrawal 481',
    ...overrides,
  });

  it('validates v3 (OriginatorConversationID required) and v1 (Occasion spelling, no id)', () => {
    expect(validateB2c(request(), 'v3')).toMatchObject({
      ok: true,
      value: { amount: 1250n, occasion: 'Withdrawal 481' },
    });
    expect(validateB2c(request({ OriginatorConversationID: undefined }), 'v3')).toMatchObject({
      rejection: { errorMessage: 'Bad Request - Invalid OriginatorConversationID' },
    });
    expect(
      validateB2c(
        request({ OriginatorConversationID: undefined, Occassion: undefined, Occasion: 'x' }),
        'v1',
      ),
    ).toMatchObject({
      ok: true,
      value: { originatorConversationId: null, occasion: 'x' },
    });
    expect(validateB2c(request({ Remarks: 'x' }), 'v3')).toMatchObject({
      rejection: { errorMessage: 'Bad Request - Invalid Remarks' },
    });
    expect(validateB2c(request({ CommandID: 'Steal' }), 'v3')).toMatchObject({
      rejection: { errorMessage: 'Bad Request - Invalid CommandID' },
    });
  });

  it('decides the outcome by the documented triggers', () => {
    const ok = { amount: 1250n, partyB: '254712345678', initiatorValid: true };
    expect(b2cOutcome(ok).code).toBe(0);
    expect(b2cOutcome({ ...ok, amount: 1299n }).code).toBe(1);
    expect(b2cOutcome({ ...ok, amount: 99n }).code).toBe(1);
    expect(b2cOutcome({ ...ok, amount: 9n }).code).toBe(2);
    expect(b2cOutcome({ ...ok, amount: 250_001n }).code).toBe(3);
    expect(b2cOutcome({ ...ok, partyB: '254700000040' }).code).toBe(2040);
    expect(b2cOutcome({ ...ok, partyB: '254700000011' }).code).toBe(11);
    expect(b2cOutcome({ ...ok, initiatorValid: false }).code).toBe(2001);
  });

  it('builds Result bodies the client parses', () => {
    const done = {
      originatorConversationId: 'wd-1',
      conversationId: 'AG_20251114_2010a3b7c91e4f0d8e2a',
      transactionId: 'TKE5PQ81XA',
      amountKsh: '1250.00',
      partyB: '254712345678',
      completedAt: new Date('2025-11-14T07:52:07Z'),
    };
    expect(
      parseB2cResult(b2cResultBody({ ...done, resultCode: 0, resultDesc: 'ok' })),
    ).toMatchObject({
      paid: true,
      transactionId: 'TKE5PQ81XA',
      amountKsh: '1250.00',
      completedAt: '14.11.2025 10:52:07',
    });
    expect(
      parseB2cResult(b2cResultBody({ ...done, resultCode: 2040, resultDesc: 'no' })),
    ).toMatchObject({ paid: false, resultCode: '2040' });
  });
});

describe('Transaction Status (§1.9)', () => {
  const question = (overrides: Record<string, unknown> = {}) => ({
    Initiator: 'testapi',
    SecurityCredential: 'sandbox-security-credential',
    CommandID: 'TransactionStatusQuery',
    TransactionID: 'TKE4H7Q2ZP',
    OriginatorConversationID: 'purchase-12-ts-6',
    PartyA: 174379,
    IdentifierType: '4',
    ResultURL: 'https://tips.example.co.ke/api/processor/status-result/3f9c0b7e',
    QueueTimeOutURL: 'https://tips.example.co.ke/api/processor/status-result/3f9c0b7e/timeout',
    Remarks: 'Purchase status',
    ...overrides,
  });

  it('validates the question', () => {
    expect(validateTransactionStatus(question())).toEqual({
      ok: true,
      value: {
        transactionId: 'TKE4H7Q2ZP',
        originatorConversationId: 'purchase-12-ts-6',
        initiatorName: 'testapi',
        securityCredential: 'sandbox-security-credential',
        resultUrl: 'https://tips.example.co.ke/api/processor/status-result/3f9c0b7e',
      },
    });
    expect(validateTransactionStatus(question({ CommandID: 'AccountBalance' }))).toMatchObject({
      ok: false,
      rejection: { errorCode: '400.002.02' },
    });
    expect(validateTransactionStatus(question({ TransactionID: '' }))).toMatchObject({ ok: false });
    expect(validateTransactionStatus(question({ ResultURL: 'ftp://x' }))).toMatchObject({
      ok: false,
    });
  });

  it('answers Completed with the payment, which our parser reads back; 2001 for a wrong initiator', () => {
    const stk = {
      receipt: 'TKE4H7Q2ZP',
      amountKsh: '200.00',
      msisdn: '254712345678',
      shortcode: '174379',
      transactionDate: '20261205103541',
    };
    const base = {
      originatorConversationId: 'purchase-12-ts-6',
      conversationId: 'AG_20261205_0000777ab7d848b9e721',
      stk,
      at: new Date('2026-12-05T07:35:41Z'),
    };
    expect(
      parseTransactionStatusResult(transactionStatusResultBody({ ...base, initiatorValid: true })),
    ).toMatchObject({
      resultCode: '0',
      completed: true,
      receipt: 'TKE4H7Q2ZP',
      amountKsh: '200.00',
      finalisedAt: '20261205103541',
      debitPartyName: '254712345678 - SANDBOX CUSTOMER',
    });
    expect(
      parseTransactionStatusResult(transactionStatusResultBody({ ...base, initiatorValid: false })),
    ).toMatchObject({ resultCode: '2001', completed: false });
  });
});

describe('Account Balance (§1.12)', () => {
  const question = (overrides: Record<string, unknown> = {}) => ({
    Initiator: 'testapi',
    SecurityCredential: 'sandbox-security-credential',
    CommandID: 'AccountBalance',
    PartyA: 600992,
    IdentifierType: '4',
    Remarks: 'B2C float',
    QueueTimeOutURL:
      'https://tips.example.co.ke/api/finance/callbacks/balance-result/3f9c0b7e/timeout',
    ResultURL: 'https://tips.example.co.ke/api/finance/callbacks/balance-result/3f9c0b7e',
    ...overrides,
  });

  it('validates the question', () => {
    expect(validateAccountBalance(question())).toMatchObject({
      ok: true,
      value: {
        initiatorName: 'testapi',
        resultUrl: 'https://tips.example.co.ke/api/finance/callbacks/balance-result/3f9c0b7e',
      },
    });
    expect(validateAccountBalance(question({ CommandID: 'TransactionStatusQuery' }))).toMatchObject(
      { ok: false },
    );
    expect(validateAccountBalance(question({ QueueTimeOutURL: 'nope' }))).toMatchObject({
      ok: false,
    });
  });

  it('reports the Utility Account, which our parser reads back; 2001 for a wrong initiator', () => {
    const base = {
      originatorConversationId: 'sandbox-1',
      conversationId: 'AG_20261205_0000777ab7d848b9e721',
      utilityKsh: 5000,
      at: new Date('2026-12-05T07:35:41Z'),
    };
    const parsed = parseAccountBalanceResult(
      accountBalanceResultBody({ ...base, initiatorValid: true }),
    );
    expect(parsed.accounts.find((a) => a.name === 'Utility Account')).toEqual({
      name: 'Utility Account',
      currency: 'KES',
      currentKsh: '5000.00',
      availableKsh: '5000.00',
    });
    expect(parsed.completedAt).toBe('20261205103541');
    expect(
      parseAccountBalanceResult(accountBalanceResultBody({ ...base, initiatorValid: false })),
    ).toMatchObject({ resultCode: '2001', accounts: [] });
  });
});
