import {
  ProviderAuthError,
  ProviderCallbackError,
  ProviderHttpError,
  ProviderInputError,
  ProviderRateLimitError,
  ProviderTimeoutError,
} from '../common/http';
import { StubReply, StubServer } from '../common/stub-server.testing';
import {
  DARAJA_PATHS,
  DarajaClient,
  darajaTimestamp,
  parseAccountBalanceResult,
  parseB2cResult,
  parseStkCallback,
  parseTransactionStatusResult,
  stkPassword,
} from './daraja.client';
import { DarajaClientOptions, StkPushInput } from './daraja.types';

const SANDBOX_PASSKEY = 'bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919';
const CHECKOUT_ID = 'ws_CO_14112025103512345712345678';
const TOKEN_REPLY = (token: string, expiresIn: string | number = '3599'): StubReply => ({
  body: { access_token: token, expires_in: expiresIn },
});
const STK_ACCEPTED: StubReply = {
  body: {
    MerchantRequestID: '7d41-4c8a-9b21-0e5f33a1c2d84410921',
    CheckoutRequestID: CHECKOUT_ID,
    ResponseCode: '0',
    ResponseDescription: 'Success. Request accepted for processing',
    CustomerMessage: 'Success. Request accepted for processing',
  },
};
const QUERY_DONE = (resultCode: string): StubReply => ({
  body: {
    ResponseCode: '0',
    ResponseDescription: 'The service request has been accepted successsfully',
    MerchantRequestID: '7d41-4c8a-9b21-0e5f33a1c2d84410921',
    CheckoutRequestID: CHECKOUT_ID,
    ResultCode: resultCode,
    ResultDesc: 'Request cancelled by user',
  },
});
const PUSH: StkPushInput = {
  amountKsh: '100.00',
  msisdn: '254712345678',
  accountReference: 'SLIP4521',
  transactionDesc: 'Tip slip',
  callbackUrl: 'https://tips.example.co.ke/api/processor/callbacks/stk/3f9c0b7e',
};

describe(DarajaClient.name, () => {
  let stub: StubServer;
  let clock: Date;
  const client = (options: Partial<DarajaClientOptions> = {}): DarajaClient =>
    new DarajaClient({
      baseUrl: stub.url,
      consumerKey: 'key',
      consumerSecret: 'secret',
      shortcode: '174379',
      passkey: SANDBOX_PASSKEY,
      b2cShortcode: '600992',
      initiatorName: 'tipsapi',
      securityCredential: 'Q3JlZA==',
      retries: 2,
      backoff: { baseMs: 1, maxMs: 5 },
      now: () => clock,
      ...options,
    });
  const tokenCalls = (): number => stub.calls(DARAJA_PATHS.token).length;
  const bearerOf = (i: number, path: string): string | undefined =>
    stub.calls(path)[i]?.headers.authorization;

  beforeEach(async () => {
    stub = await StubServer.start();
    clock = new Date('2025-11-14T07:35:12Z');
    let n = 0;
    stub.on(`GET ${DARAJA_PATHS.token}`, () => TOKEN_REPLY(`token-${++n}`));
  });
  afterEach(() => stub.close());

  describe('OAuth token (§1.2)', () => {
    it('asks with Basic auth and client_credentials, then reuses the token until it nearly expires', async () => {
      stub.on(`POST ${DARAJA_PATHS.stkQuery}`, QUERY_DONE('0'));
      const daraja = client();
      await daraja.stkQuery(CHECKOUT_ID);
      await daraja.stkQuery(CHECKOUT_ID);
      expect(tokenCalls()).toBe(1);
      const tokenRequest = stub.calls(DARAJA_PATHS.token)[0];
      expect(tokenRequest.query.get('grant_type')).toBe('client_credentials');
      expect(tokenRequest.headers.authorization).toBe(
        `Basic ${Buffer.from('key:secret').toString('base64')}`,
      );
      expect(bearerOf(1, DARAJA_PATHS.stkQuery)).toBe('Bearer token-1');

      clock = new Date(clock.getTime() + (3599 - 61) * 1000); // still outside the 60 s margin
      await daraja.stkQuery(CHECKOUT_ID);
      expect(tokenCalls()).toBe(1);

      clock = new Date(clock.getTime() + 2000); // inside the margin: renew
      await daraja.stkQuery(CHECKOUT_ID);
      expect(tokenCalls()).toBe(2);
      expect(bearerOf(3, DARAJA_PATHS.stkQuery)).toBe('Bearer token-2');
    });

    it('accepts expires_in as a number and shares one token request between concurrent calls', async () => {
      stub.on(`GET ${DARAJA_PATHS.token}`, { ...TOKEN_REPLY('tok', 3599), delayMs: 30 });
      const daraja = client();
      const tokens = await Promise.all([
        daraja.getAccessToken(),
        daraja.getAccessToken(),
        daraja.getAccessToken(),
      ]);
      expect(tokens).toEqual(['tok', 'tok', 'tok']);
      expect(tokenCalls()).toBe(1);
    });

    it('renews the token once and repeats the call when Daraja answers 401', async () => {
      stub.sequence(
        `POST ${DARAJA_PATHS.stkPush}`,
        { status: 401, body: { errorCode: '404.001.03', errorMessage: 'Invalid Access Token' } },
        STK_ACCEPTED,
      );
      const result = await client().stkPush(PUSH);
      expect(result.checkoutRequestId).toBe(CHECKOUT_ID);
      expect(tokenCalls()).toBe(2);
      expect(bearerOf(0, DARAJA_PATHS.stkPush)).toBe('Bearer token-1');
      expect(bearerOf(1, DARAJA_PATHS.stkPush)).toBe('Bearer token-2');
    });

    it('treats errorCode 404.001.03 sent with HTTP 404 the same way', async () => {
      stub.sequence(
        `POST ${DARAJA_PATHS.stkQuery}`,
        {
          status: 404,
          body: { requestId: 'r', errorCode: '404.001.03', errorMessage: 'Invalid Access Token' },
        },
        QUERY_DONE('0'),
      );
      await expect(client().stkQuery(CHECKOUT_ID)).resolves.toMatchObject({
        status: 'done',
        outcome: 'paid',
      });
      expect(tokenCalls()).toBe(2);
    });

    it('gives up with ProviderAuthError when the renewed token is refused too', async () => {
      stub.on(`POST ${DARAJA_PATHS.stkQuery}`, {
        status: 401,
        body: { errorCode: '404.001.03', errorMessage: 'Invalid Access Token' },
      });
      await expect(client().stkQuery(CHECKOUT_ID)).rejects.toBeInstanceOf(ProviderAuthError);
      expect(stub.calls(DARAJA_PATHS.stkQuery)).toHaveLength(2);
      expect(tokenCalls()).toBe(2);
    });

    it('reports refused consumer credentials as ProviderAuthError without retrying', async () => {
      stub.on(`GET ${DARAJA_PATHS.token}`, {
        status: 400,
        body: { errorCode: '400.008.01', errorMessage: 'Invalid authentication type passed' },
      });
      await expect(client().getAccessToken()).rejects.toMatchObject({
        name: 'ProviderAuthError',
        providerCode: '400.008.01',
      });
      expect(tokenCalls()).toBe(1);
    });
  });

  describe('stkPush (§1.3)', () => {
    it('matches the documented Password test vector, with the Timestamp in Nairobi time', async () => {
      stub.on(`POST ${DARAJA_PATHS.stkPush}`, STK_ACCEPTED);
      clock = new Date('2016-02-16T13:56:27Z'); // 16:56:27 in Nairobi (UTC+3)
      const result = await client().stkPush(PUSH);

      const sent = JSON.parse(stub.calls(DARAJA_PATHS.stkPush)[0].body);
      expect(sent).toEqual({
        BusinessShortCode: 174379,
        Password:
          'MTc0Mzc5YmZiMjc5ZjlhYTliZGJjZjE1OGU5N2RkNzFhNDY3Y2QyZTBjODkzMDU5YjEwZjc4ZTZiNzJhZGExZWQyYzkxOTIwMTYwMjE2MTY1NjI3',
        Timestamp: '20160216165627',
        TransactionType: 'CustomerPayBillOnline',
        Amount: 100,
        PartyA: 254712345678,
        PartyB: 174379,
        PhoneNumber: 254712345678,
        CallBackURL: PUSH.callbackUrl,
        AccountReference: 'SLIP4521',
        TransactionDesc: 'Tip slip',
      });
      expect(stub.calls(DARAJA_PATHS.stkPush)[0].headers['content-type']).toBe('application/json');
      expect(result).toEqual({
        merchantRequestId: '7d41-4c8a-9b21-0e5f33a1c2d84410921',
        checkoutRequestId: CHECKOUT_ID,
        responseCode: '0',
        responseDescription: 'Success. Request accepted for processing',
        customerMessage: 'Success. Request accepted for processing',
        timestamp: '20160216165627',
      });
    });

    it('builds Timestamp and Password from one clock reading, across the Nairobi midnight', () => {
      expect(darajaTimestamp(new Date('2025-12-31T21:00:00Z'))).toBe('20260101000000');
      expect(stkPassword('174379', SANDBOX_PASSKEY, '20210628092408')).toBe(
        'MTc0Mzc5YmZiMjc5ZjlhYTliZGJjZjE1OGU5N2RkNzFhNDY3Y2QyZTBjODkzMDU5YjEwZjc4ZTZiNzJhZGExZWQyYzkxOTIwMjEwNjI4MDkyNDA4',
      );
    });

    it('sends a Till as Buy Goods with PartyB = till number', async () => {
      stub.on(`POST ${DARAJA_PATHS.stkPush}`, STK_ACCEPTED);
      await client({ transactionType: 'CustomerBuyGoodsOnline', partyB: '5123456' }).stkPush(PUSH);
      expect(JSON.parse(stub.calls(DARAJA_PATHS.stkPush)[0].body)).toMatchObject({
        TransactionType: 'CustomerBuyGoodsOnline',
        BusinessShortCode: 174379,
        PartyB: 5123456,
      });
    });

    it.each([
      ['amountKsh', { amountKsh: '100.50' }],
      ['amountKsh', { amountKsh: 0 }],
      ['amountKsh', { amountKsh: '250001' }],
      ['msisdn', { msisdn: '0712345678' }],
      ['accountReference', { accountReference: 'SLIP-45211234' }],
      ['transactionDesc', { transactionDesc: 'Football tip slip' }],
      ['callbackUrl', { callbackUrl: 'not a url' }],
    ])('refuses a bad %s before sending anything', async (field, patch) => {
      await expect(client().stkPush({ ...PUSH, ...patch })).rejects.toMatchObject({
        name: 'ProviderInputError',
        field,
      });
      expect(stub.requests).toHaveLength(0);
    });

    it('does not retry a 503: the prompt may already be on the phone', async () => {
      stub.sequence(
        `POST ${DARAJA_PATHS.stkPush}`,
        { status: 503, body: '<html>Service Unavailable</html>' },
        STK_ACCEPTED,
      );
      const error = await client({ retries: 3 })
        .stkPush(PUSH)
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ProviderHttpError);
      expect(error).toMatchObject({ status: 503, outcomeUnknown: true });
      expect(stub.calls(DARAJA_PATHS.stkPush)).toHaveLength(1);
    });

    it('does not retry a timeout: ProviderTimeoutError with outcome unknown', async () => {
      stub.on(`POST ${DARAJA_PATHS.stkPush}`, { hang: true });
      const error = await client({ retries: 3, timeoutMs: 150 })
        .stkPush(PUSH)
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ProviderTimeoutError);
      expect(error).toMatchObject({ outcomeUnknown: true, timeoutMs: 150 });
      expect(stub.calls(DARAJA_PATHS.stkPush)).toHaveLength(1);
    });

    it('reports a documented rejection with its errorCode and a known outcome', async () => {
      stub.on(`POST ${DARAJA_PATHS.stkPush}`, {
        status: 500,
        body: {
          requestId: 'r1',
          errorCode: '500.001.1001',
          errorMessage:
            'Unable to lock subscriber, a transaction is already in process for the current subscriber',
        },
      });
      await expect(client().stkPush(PUSH)).rejects.toMatchObject({
        name: 'ProviderHttpError',
        status: 500,
        providerCode: '500.001.1001',
        outcomeUnknown: false,
      });
    });

    it('maps spike arrest to ProviderRateLimitError', async () => {
      stub.on(`POST ${DARAJA_PATHS.stkPush}`, {
        status: 500,
        body: { errorCode: '500.003.02', errorMessage: 'Spike Arrest Violation' },
      });
      await expect(client().stkPush(PUSH)).rejects.toBeInstanceOf(ProviderRateLimitError);
      expect(stub.calls(DARAJA_PATHS.stkPush)).toHaveLength(1);
    });

    it('throws when a 200 answer carries a ResponseCode other than "0"', async () => {
      stub.on(`POST ${DARAJA_PATHS.stkPush}`, {
        body: { ResponseCode: '1', ResponseDescription: 'Rejected' },
      });
      await expect(client().stkPush(PUSH)).rejects.toMatchObject({
        name: 'ProviderHttpError',
        providerCode: '1',
        outcomeUnknown: false,
      });
    });

    it('throws ProviderResponseError when an accepted answer lacks CheckoutRequestID', async () => {
      stub.on(`POST ${DARAJA_PATHS.stkPush}`, {
        body: { ResponseCode: '0', MerchantRequestID: 'm' },
      });
      await expect(client().stkPush(PUSH)).rejects.toMatchObject({
        name: 'ProviderResponseError',
        field: 'CheckoutRequestID',
        outcomeUnknown: true,
      });
    });
  });

  describe('stkQuery (§1.7)', () => {
    it('retries a 503 then reads the string ResultCode', async () => {
      stub.sequence(
        `POST ${DARAJA_PATHS.stkQuery}`,
        { status: 503, body: 'busy' },
        QUERY_DONE('1032'),
      );
      const result = await client().stkQuery(CHECKOUT_ID);
      expect(result).toEqual({
        status: 'done',
        resultCode: '1032',
        resultDesc: 'Request cancelled by user',
        outcome: 'cancelled',
        merchantRequestId: '7d41-4c8a-9b21-0e5f33a1c2d84410921',
        checkoutRequestId: CHECKOUT_ID,
      });
      expect(stub.calls(DARAJA_PATHS.stkQuery)).toHaveLength(2);
      const sent = JSON.parse(stub.calls(DARAJA_PATHS.stkQuery)[0].body);
      expect(sent).toMatchObject({
        BusinessShortCode: 174379,
        CheckoutRequestID: CHECKOUT_ID,
        Timestamp: '20251114103512',
      });
      expect(sent.Password).toBe(stkPassword('174379', SANDBOX_PASSKEY, '20251114103512'));
    });

    it('sends exactly the four documented fields (§1.7 request, literal)', async () => {
      stub.on(`POST ${DARAJA_PATHS.stkQuery}`, QUERY_DONE('0'));
      await client().stkQuery('ws_CO_14112025103512345712345678');
      expect(JSON.parse(stub.calls(DARAJA_PATHS.stkQuery)[0].body)).toEqual({
        BusinessShortCode: 174379,
        Password: Buffer.from(`174379${SANDBOX_PASSKEY}20251114103512`).toString('base64'),
        Timestamp: '20251114103512',
        CheckoutRequestID: 'ws_CO_14112025103512345712345678',
      });
    });

    it.each([
      ['0', 'The service request is processed successfully.', 'paid'],
      ['1032', 'Request cancelled by user', 'cancelled'],
      ['1037', 'DS timeout user cannot be reached', 'timeout'],
      ['2001', 'The initiator information is invalid.', 'failed'],
      ['1', 'The balance is insufficient for the transaction.', 'failed'],
      ['1019', 'Transaction has expired.', 'failed'],
    ])(
      'reads the documented answer with ResultCode "%s" (%s) as %s',
      async (code, desc, outcome) => {
        stub.on(`POST ${DARAJA_PATHS.stkQuery}`, {
          body: {
            ResponseCode: '0',
            ResponseDescription: 'The service request has been accepted successsfully',
            MerchantRequestID: '7d41-4c8a-9b21-0e5f33a1c2d84410921',
            CheckoutRequestID: 'ws_CO_14112025103512345712345678',
            ResultCode: code,
            ResultDesc: desc,
          },
        });
        await expect(client().stkQuery(CHECKOUT_ID)).resolves.toEqual({
          status: 'done',
          resultCode: code,
          resultDesc: desc,
          outcome,
          merchantRequestId: '7d41-4c8a-9b21-0e5f33a1c2d84410921',
          checkoutRequestId: 'ws_CO_14112025103512345712345678',
        });
      },
    );

    it('answers pending while the transaction is being processed, without retrying', async () => {
      stub.on(`POST ${DARAJA_PATHS.stkQuery}`, {
        status: 500,
        body: {
          requestId: 'r',
          errorCode: '500.001.1001',
          errorMessage: 'The transaction is being processed',
        },
      });
      await expect(client().stkQuery(CHECKOUT_ID)).resolves.toEqual({
        status: 'pending',
        errorMessage: 'The transaction is being processed',
      });
      expect(stub.calls(DARAJA_PATHS.stkQuery)).toHaveLength(1);
    });

    it('does not take "Wrong credentials" for pending', async () => {
      stub.on(`POST ${DARAJA_PATHS.stkQuery}`, {
        status: 500,
        body: { errorCode: '500.001.1001', errorMessage: 'Wrong credentials' },
      });
      await expect(client().stkQuery(CHECKOUT_ID)).rejects.toMatchObject({
        name: 'ProviderHttpError',
        providerCode: '500.001.1001',
      });
    });

    it('does not retry a 400 (unknown CheckoutRequestID)', async () => {
      stub.on(`POST ${DARAJA_PATHS.stkQuery}`, {
        status: 400,
        body: { errorCode: '400.002.02', errorMessage: 'Bad Request - Invalid CheckoutRequestID' },
      });
      await expect(client().stkQuery('ws_CO_nope')).rejects.toMatchObject({
        name: 'ProviderHttpError',
        status: 400,
        providerCode: '400.002.02',
        providerMessage: 'Bad Request - Invalid CheckoutRequestID',
      });
      expect(stub.calls(DARAJA_PATHS.stkQuery)).toHaveLength(1);
    });

    it('times out with ProviderTimeoutError after its retries', async () => {
      stub.on(`POST ${DARAJA_PATHS.stkQuery}`, { hang: true });
      await expect(
        client({ retries: 1, timeoutMs: 100 }).stkQuery(CHECKOUT_ID),
      ).rejects.toBeInstanceOf(ProviderTimeoutError);
      expect(stub.calls(DARAJA_PATHS.stkQuery)).toHaveLength(2);
    });
  });

  describe('transactionStatus (§1.9)', () => {
    const QUESTION = {
      transactionId: 'TKE4H7Q2ZP',
      originatorConversationId: 'purchase-4521-status',
      resultUrl: 'https://tips.example.co.ke/api/processor/transaction-status/result/3f9c0b7e',
      queueTimeoutUrl:
        'https://tips.example.co.ke/api/processor/transaction-status/timeout/3f9c0b7e',
      remarks: 'Purchase status',
    };

    it('sends the documented body and reads the synchronous acknowledgement', async () => {
      stub.on(`POST ${DARAJA_PATHS.transactionStatus}`, {
        body: {
          OriginatorConversationID: 'purchase-4521-status',
          ConversationID: 'AG_20251114_2010325b025970fbc403',
          ResponseCode: '0',
          ResponseDescription: 'Accept the service request successfully.',
        },
      });
      await expect(client().transactionStatus(QUESTION)).resolves.toEqual({
        conversationId: 'AG_20251114_2010325b025970fbc403',
        originatorConversationId: 'purchase-4521-status',
        responseDescription: 'Accept the service request successfully.',
      });
      const [call] = stub.calls(DARAJA_PATHS.transactionStatus);
      expect(call.headers.authorization).toBe('Bearer token-1');
      expect(JSON.parse(call.body)).toEqual({
        Initiator: 'tipsapi',
        SecurityCredential: 'Q3JlZA==',
        CommandID: 'TransactionStatusQuery',
        TransactionID: 'TKE4H7Q2ZP',
        OriginatorConversationID: 'purchase-4521-status',
        PartyA: 174379,
        IdentifierType: '4',
        ResultURL: 'https://tips.example.co.ke/api/processor/transaction-status/result/3f9c0b7e',
        QueueTimeOutURL:
          'https://tips.example.co.ke/api/processor/transaction-status/timeout/3f9c0b7e',
        Remarks: 'Purchase status',
      });
    });

    it('refuses bad input before sending, and a missing initiator', async () => {
      await expect(
        client().transactionStatus({ ...QUESTION, transactionId: 'TK-1' }),
      ).rejects.toBeInstanceOf(ProviderInputError);
      await expect(
        client().transactionStatus({ ...QUESTION, remarks: 'x' }),
      ).rejects.toBeInstanceOf(ProviderInputError);
      await expect(
        client({ initiatorName: undefined }).transactionStatus(QUESTION),
      ).rejects.toBeInstanceOf(ProviderInputError);
      expect(stub.calls(DARAJA_PATHS.transactionStatus)).toHaveLength(0);
    });

    it('retries a 503 (a question is idempotent) and reports a gateway rejection', async () => {
      stub.sequence(
        `POST ${DARAJA_PATHS.transactionStatus}`,
        { status: 503, body: 'busy' },
        {
          status: 400,
          body: {
            requestId: 'r',
            errorCode: '400.002.02',
            errorMessage: 'Bad Request - Invalid TransactionID',
          },
        },
      );
      await expect(client().transactionStatus(QUESTION)).rejects.toMatchObject({
        name: 'ProviderHttpError',
        providerCode: '400.002.02',
      });
      expect(stub.calls(DARAJA_PATHS.transactionStatus)).toHaveLength(2);
    });
  });

  describe('accountBalance (§1.12)', () => {
    const QUESTION = {
      resultUrl: 'https://tips.example.co.ke/api/finance/callbacks/balance-result/3f9c0b7e',
      queueTimeoutUrl:
        'https://tips.example.co.ke/api/finance/callbacks/balance-result/3f9c0b7e/timeout',
      remarks: 'B2C float',
    };

    it('sends the documented body for our B2C shortcode and reads the acknowledgement', async () => {
      stub.on(`POST ${DARAJA_PATHS.accountBalance}`, {
        body: {
          OriginatorConversationID: '515-5258779-3',
          ConversationID: 'AG_20251114_00004e48cf7e3533f581',
          ResponseCode: '0',
          ResponseDescription: 'Accept the service request successfully.',
        },
      });
      await expect(client().accountBalance(QUESTION)).resolves.toEqual({
        conversationId: 'AG_20251114_00004e48cf7e3533f581',
        originatorConversationId: '515-5258779-3',
      });
      expect(JSON.parse(stub.calls(DARAJA_PATHS.accountBalance)[0].body)).toEqual({
        Initiator: 'tipsapi',
        SecurityCredential: 'Q3JlZA==',
        CommandID: 'AccountBalance',
        PartyA: 600992,
        IdentifierType: '4',
        Remarks: 'B2C float',
        QueueTimeOutURL:
          'https://tips.example.co.ke/api/finance/callbacks/balance-result/3f9c0b7e/timeout',
        ResultURL: 'https://tips.example.co.ke/api/finance/callbacks/balance-result/3f9c0b7e',
      });
    });

    it('refuses to ask without a B2C set-up', async () => {
      await expect(
        client({ b2cShortcode: undefined }).accountBalance(QUESTION),
      ).rejects.toBeInstanceOf(ProviderInputError);
      expect(stub.calls(DARAJA_PATHS.accountBalance)).toHaveLength(0);
    });
  });

  describe('b2cPayment (§1.8)', () => {
    const B2C = {
      originatorConversationId: 'wd-000481',
      amountKsh: '1250.00',
      msisdn: '254712345678',
      remarks: 'Tipster withdrawal',
      occasion: 'Withdrawal 481',
      resultUrl: 'https://tips.example.co.ke/api/finance/callbacks/b2c-result/9a1d',
      queueTimeoutUrl: 'https://tips.example.co.ke/api/finance/callbacks/b2c-timeout/9a1d',
    };
    const ACCEPTED: StubReply = {
      body: {
        ConversationID: 'AG_20251114_2010a3b7c91e4f0d8e2a',
        OriginatorConversationID: 'wd-000481',
        ResponseCode: '0',
        ResponseDescription: 'Accept the service request successfully.',
      },
    };

    it('sends the v3 body (Occassion sic) and retries a 503: the OriginatorConversationID makes it safe', async () => {
      stub.sequence(`POST ${DARAJA_PATHS.b2c}`, { status: 503, body: 'busy' }, ACCEPTED);
      const result = await client().b2cPayment(B2C);
      expect(result).toEqual({
        status: 'accepted',
        conversationId: 'AG_20251114_2010a3b7c91e4f0d8e2a',
        originatorConversationId: 'wd-000481',
        responseDescription: 'Accept the service request successfully.',
      });
      const calls = stub.calls(DARAJA_PATHS.b2c);
      expect(calls).toHaveLength(2);
      expect(calls[0].body).toBe(calls[1].body);
      expect(JSON.parse(calls[0].body)).toEqual({
        OriginatorConversationID: 'wd-000481',
        InitiatorName: 'tipsapi',
        SecurityCredential: 'Q3JlZA==',
        CommandID: 'BusinessPayment',
        Amount: 1250,
        PartyA: 600992,
        PartyB: 254712345678,
        Remarks: 'Tipster withdrawal',
        QueueTimeOutURL: B2C.queueTimeoutUrl,
        ResultURL: B2C.resultUrl,
        Occassion: 'Withdrawal 481',
      });
    });

    it('reports a repeated OriginatorConversationID as duplicate (an earlier attempt got through)', async () => {
      stub.on(`POST ${DARAJA_PATHS.b2c}`, {
        status: 500,
        body: { errorCode: '500.002.1001', errorMessage: 'Duplicate OriginatorConversationID.' },
      });
      await expect(client().b2cPayment(B2C)).resolves.toEqual({
        status: 'duplicate',
        originatorConversationId: 'wd-000481',
        errorMessage: 'Duplicate OriginatorConversationID.',
      });
      expect(stub.calls(DARAJA_PATHS.b2c)).toHaveLength(1);
    });

    it('refuses to send without B2C configuration or below the 10 Ksh minimum', async () => {
      await expect(
        client({ securityCredential: undefined }).b2cPayment(B2C),
      ).rejects.toBeInstanceOf(ProviderInputError);
      await expect(client().b2cPayment({ ...B2C, amountKsh: 9 })).rejects.toMatchObject({
        field: 'amountKsh',
      });
      expect(stub.requests).toHaveLength(0);
    });
  });
});

describe('parseStkCallback (§1.6)', () => {
  const callback = (stkCallback: Record<string, unknown>): unknown => ({ Body: { stkCallback } });
  const IDS = {
    MerchantRequestID: '7d41-4c8a-9b21-0e5f33a1c2d84410921',
    CheckoutRequestID: CHECKOUT_ID,
  };

  it('reads a paid callback, items by Name in any order, Amount as Ksh with 2 decimals', () => {
    // Raw text as Daraja sends it: 100.00 is a JSON number, Balance has no Value.
    const body = JSON.parse(`{"Body":{"stkCallback":{
      "MerchantRequestID":"7d41-4c8a-9b21-0e5f33a1c2d84410921","CheckoutRequestID":"${CHECKOUT_ID}",
      "ResultCode":0,"ResultDesc":"The service request is processed successfully.",
      "CallbackMetadata":{"Item":[
        {"Name":"PhoneNumber","Value":254712345678},{"Name":"Amount","Value":100.00},
        {"Name":"MpesaReceiptNumber","Value":"TKE4H7Q2ZP"},{"Name":"Balance"},
        {"Name":"TransactionDate","Value":20251114103547}]}}}}`);
    expect(parseStkCallback(body)).toEqual({
      merchantRequestId: '7d41-4c8a-9b21-0e5f33a1c2d84410921',
      checkoutRequestId: CHECKOUT_ID,
      resultCode: '0',
      resultDesc: 'The service request is processed successfully.',
      outcome: 'paid',
      receipt: 'TKE4H7Q2ZP',
      amountKsh: '100.00',
      phone: '254712345678',
      transactionDate: '20251114103547',
    });
  });

  it('reads 1032 (cancelled by the buyer) without metadata', () => {
    expect(
      parseStkCallback(
        callback({ ...IDS, ResultCode: 1032, ResultDesc: 'Request cancelled by user' }),
      ),
    ).toEqual({
      ...{ merchantRequestId: IDS.MerchantRequestID, checkoutRequestId: CHECKOUT_ID },
      resultCode: '1032',
      resultDesc: 'Request cancelled by user',
      outcome: 'cancelled',
    });
  });

  it('reads 1037 (phone unreachable) as timeout and any other code as failed', () => {
    expect(
      parseStkCallback(
        callback({ ...IDS, ResultCode: 1037, ResultDesc: 'DS timeout user cannot be reached' }),
      ),
    ).toMatchObject({
      resultCode: '1037',
      outcome: 'timeout',
    });
    expect(
      parseStkCallback(
        callback({ ...IDS, ResultCode: 2001, ResultDesc: 'The initiator information is invalid.' }),
      ).outcome,
    ).toBe('failed');
    expect(
      parseStkCallback(
        callback({ ...IDS, ResultCode: 'SFC_IC0003', ResultDesc: 'The operator does not exist.' }),
      ).resultCode,
    ).toBe('SFC_IC0003');
  });

  it.each([
    ['not an object', 'ok', 'body'],
    ['no Body', {}, 'Body'],
    ['no stkCallback', { Body: {} }, 'Body.stkCallback'],
    ['no ResultCode', callback({ ...IDS, ResultDesc: 'x' }), 'Body.stkCallback.ResultCode'],
    ['fractional ResultCode', callback({ ...IDS, ResultCode: 1.5 }), 'Body.stkCallback.ResultCode'],
    [
      'no CheckoutRequestID',
      callback({ MerchantRequestID: 'm', ResultCode: 1032 }),
      'Body.stkCallback.CheckoutRequestID',
    ],
    [
      'paid without CallbackMetadata',
      callback({ ...IDS, ResultCode: 0 }),
      'Body.stkCallback.CallbackMetadata',
    ],
    [
      'paid without receipt',
      callback({
        ...IDS,
        ResultCode: 0,
        CallbackMetadata: { Item: [{ Name: 'Amount', Value: 100 }] },
      }),
      'Body.stkCallback.CallbackMetadata.Item.MpesaReceiptNumber',
    ],
    [
      'paid with a non-numeric Amount',
      callback({
        ...IDS,
        ResultCode: 0,
        CallbackMetadata: {
          Item: [
            { Name: 'Amount', Value: 'lots' },
            { Name: 'MpesaReceiptNumber', Value: 'TKE4H7Q2ZP' },
          ],
        },
      }),
      'Body.stkCallback.CallbackMetadata.Item.Amount',
    ],
    [
      'paid with a bad TransactionDate',
      callback({
        ...IDS,
        ResultCode: 0,
        CallbackMetadata: {
          Item: [
            { Name: 'Amount', Value: 1 },
            { Name: 'MpesaReceiptNumber', Value: 'TKE4H7Q2ZP' },
            { Name: 'TransactionDate', Value: 2025 },
          ],
        },
      }),
      'Body.stkCallback.CallbackMetadata.Item.TransactionDate',
    ],
  ])('throws ProviderCallbackError for %s', (_case, body, field) => {
    const error = (() => {
      try {
        parseStkCallback(body);
      } catch (e) {
        return e;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(ProviderCallbackError);
    expect(error).toMatchObject({ field, provider: 'daraja' });
  });
});

describe('parseB2cResult (§1.8)', () => {
  const RESULT = {
    ResultType: 0,
    ResultCode: 0,
    ResultDesc: 'The service request is processed successfully.',
    OriginatorConversationID: 'wd-000481',
    ConversationID: 'AG_20251114_2010a3b7c91e4f0d8e2a',
    TransactionID: 'TKE5PQ81XA',
    ResultParameters: {
      ResultParameter: [
        { Key: 'TransactionAmount', Value: 1250 },
        { Key: 'TransactionReceipt', Value: 'TKE5PQ81XA' },
        { Key: 'ReceiverPartyPublicName', Value: '254712345678 - JANE WANJIRU' },
        { Key: 'TransactionCompletedDateTime', Value: '14.11.2025 10:52:07' },
        { Key: 'B2CUtilityAccountAvailableFunds', Value: 98750.0 },
        { Key: 'B2CRecipientIsRegisteredCustomer', Value: 'Y' },
      ],
    },
  };

  it('reads a paid result with amounts as Ksh strings', () => {
    expect(parseB2cResult({ Result: RESULT })).toEqual({
      resultType: 0,
      resultCode: '0',
      resultDesc: 'The service request is processed successfully.',
      paid: true,
      originatorConversationId: 'wd-000481',
      conversationId: 'AG_20251114_2010a3b7c91e4f0d8e2a',
      transactionId: 'TKE5PQ81XA',
      amountKsh: '1250.00',
      receipt: 'TKE5PQ81XA',
      receiverPartyPublicName: '254712345678 - JANE WANJIRU',
      completedAt: '14.11.2025 10:52:07',
      utilityAccountAvailableFundsKsh: '98750.00',
      recipientIsRegisteredCustomer: 'Y',
    });
  });

  it('reads a failure without ResultParameters and a string ResultCode', () => {
    const { ResultParameters: _omit, TransactionID: _id, ...failure } = RESULT;
    expect(
      parseB2cResult({
        Result: {
          ...failure,
          ResultCode: '2001',
          ResultDesc: 'The initiator information is invalid.',
        },
      }),
    ).toEqual({
      resultType: 0,
      resultCode: '2001',
      resultDesc: 'The initiator information is invalid.',
      paid: false,
      originatorConversationId: 'wd-000481',
      conversationId: 'AG_20251114_2010a3b7c91e4f0d8e2a',
    });
  });

  it('accepts a single ResultParameter object', () => {
    const single = {
      ...RESULT,
      ResultParameters: { ResultParameter: { Key: 'TransactionAmount', Value: '1250' } },
    };
    expect(parseB2cResult({ Result: single }).amountKsh).toBe('1250.00');
  });

  it('throws ProviderCallbackError for a bad shape', () => {
    expect(() => parseB2cResult({})).toThrow(ProviderCallbackError);
    expect(() => parseB2cResult({ Result: { ...RESULT, ConversationID: 5 } })).toThrow(
      /ConversationID/,
    );
    const { TransactionID: _id, ResultParameters: _p, ...paidWithoutId } = RESULT;
    expect(() => parseB2cResult({ Result: paidWithoutId })).toThrow(/TransactionID/);
  });
});

describe('parseTransactionStatusResult (§1.9)', () => {
  // The Result envelope Safaricom posts to ResultURL for an STK payment to a PayBill.
  const COMPLETED = {
    Result: {
      ResultType: 0,
      ResultCode: 0,
      ResultDesc: 'The service request is processed successfully.',
      OriginatorConversationID: 'purchase-4521-status',
      ConversationID: 'AG_20251114_2010325b025970fbc403',
      TransactionID: 'TKE4H7Q2ZQ',
      ResultParameters: {
        ResultParameter: [
          { Key: 'DebitPartyName', Value: '254712345678 - JANE WANJIRU' },
          { Key: 'CreditPartyName', Value: '174379 - TIPSKE MARKETPLACE' },
          { Key: 'OriginatorConversationID', Value: 'purchase-4521-status' },
          { Key: 'InitiatedTime', Value: 20251114103540 },
          { Key: 'DebitAccountType', Value: 'MMF Account For Customer' },
          { Key: 'DebitPartyCharges' },
          { Key: 'TransactionReason' },
          { Key: 'ReasonType', Value: 'Pay Bill Online' },
          { Key: 'TransactionStatus', Value: 'Completed' },
          { Key: 'FinalisedTime', Value: 20251114103541 },
          { Key: 'Amount', Value: 100 },
          { Key: 'ConversationID', Value: 'AG_20251114_2010325b025970fbc403' },
          { Key: 'ReceiptNo', Value: 'TKE4H7Q2ZP' },
        ],
      },
      ReferenceData: { ReferenceItem: { Key: 'Occasion' } },
    },
  };

  it('reads a completed payment', () => {
    expect(parseTransactionStatusResult(COMPLETED)).toEqual({
      resultCode: '0',
      resultDesc: 'The service request is processed successfully.',
      originatorConversationId: 'purchase-4521-status',
      conversationId: 'AG_20251114_2010325b025970fbc403',
      completed: true,
      transactionStatus: 'Completed',
      receipt: 'TKE4H7Q2ZP',
      amountKsh: '100.00',
      reasonType: 'Pay Bill Online',
      debitPartyName: '254712345678 - JANE WANJIRU',
      finalisedAt: '20251114103541',
    });
  });

  it('a question answered with another TransactionStatus, or refused, is not completed', () => {
    const params = COMPLETED.Result.ResultParameters.ResultParameter.map((p) =>
      p.Key === 'TransactionStatus' ? { ...p, Value: 'Failed' } : p,
    );
    expect(
      parseTransactionStatusResult({
        Result: { ...COMPLETED.Result, ResultParameters: { ResultParameter: params } },
      }),
    ).toMatchObject({ completed: false, transactionStatus: 'Failed' });
    const refused = {
      Result: {
        ResultType: 0,
        ResultCode: 2001,
        ResultDesc: 'The initiator information is invalid.',
        OriginatorConversationID: 'purchase-4521-status',
        ConversationID: 'AG_20251114_2010325b025970fbc404',
        TransactionID: 'TKE4H7Q2ZR',
      },
    };
    expect(parseTransactionStatusResult(refused)).toEqual({
      resultCode: '2001',
      resultDesc: 'The initiator information is invalid.',
      originatorConversationId: 'purchase-4521-status',
      conversationId: 'AG_20251114_2010325b025970fbc404',
      completed: false,
    });
  });

  it('rejects other shapes', () => {
    expect(() => parseTransactionStatusResult({})).toThrow(ProviderCallbackError);
    expect(() =>
      parseTransactionStatusResult({ Result: { ...COMPLETED.Result, ConversationID: 5 } }),
    ).toThrow(/ConversationID/);
    const noReceipt = COMPLETED.Result.ResultParameters.ResultParameter.filter(
      (p) => p.Key !== 'ReceiptNo',
    );
    expect(() =>
      parseTransactionStatusResult({
        Result: { ...COMPLETED.Result, ResultParameters: { ResultParameter: noReceipt } },
      }),
    ).toThrow(/ReceiptNo/);
  });
});

describe('parseAccountBalanceResult (§1.12)', () => {
  const RESULT = {
    Result: {
      ResultType: 0,
      ResultCode: 0,
      ResultDesc: 'The service request is processed successfully.',
      OriginatorConversationID: '515-5258779-3',
      ConversationID: 'AG_20251114_00004e48cf7e3533f581',
      TransactionID: 'OAR0000000',
      ResultParameters: {
        ResultParameter: [
          {
            Key: 'AccountBalance',
            Value:
              'Working Account|KES|46713.00|46713.00|0.00|0.00&Float Account|KES|0.00|0.00|0.00|0.00&Utility Account|KES|49217.00|49217.00|0.00|0.00&Charges Paid Account|KES|-220.00|-220.00|0.00|0.00&Organization Settlement Account|KES|0.00|0.00|0.00|0.00',
          },
          { Key: 'BOCompletedTime', Value: 20251114125710 },
        ],
      },
      ReferenceData: {
        ReferenceItem: {
          Key: 'QueueTimeoutURL',
          Value: 'https://internalsandbox.safaricom.co.ke/mpesa/abresults/v1/submit',
        },
      },
    },
  };

  it('reads every account, the utility account included', () => {
    const parsed = parseAccountBalanceResult(RESULT);
    expect(parsed).toMatchObject({
      resultCode: '0',
      originatorConversationId: '515-5258779-3',
      completedAt: '20251114125710',
    });
    expect(parsed.accounts).toHaveLength(5);
    expect(parsed.accounts.find((a) => a.name === 'Utility Account')).toEqual({
      name: 'Utility Account',
      currency: 'KES',
      currentKsh: '49217.00',
      availableKsh: '49217.00',
    });
    expect(parsed.accounts.find((a) => a.name === 'Charges Paid Account')?.availableKsh).toBe(
      '-220.00',
    );
  });

  it('a refused question lists no account; a malformed list is rejected', () => {
    const refused = {
      Result: {
        ...RESULT.Result,
        ResultCode: 2001,
        ResultDesc: 'The initiator information is invalid.',
        ResultParameters: undefined,
      },
    };
    expect(parseAccountBalanceResult(refused)).toMatchObject({ resultCode: '2001', accounts: [] });
    const bad = {
      Result: {
        ...RESULT.Result,
        ResultParameters: {
          ResultParameter: { Key: 'AccountBalance', Value: 'Utility Account|KES|lots' },
        },
      },
    };
    expect(() => parseAccountBalanceResult(bad)).toThrow(ProviderCallbackError);
  });
});
