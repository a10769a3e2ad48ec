import { ProviderAuthError, ProviderCallbackError } from '../common/http';
import { StubServer } from '../common/stub-server.testing';
import {
  AfricasTalkingClient,
  AT_MESSAGING_PATH,
  parseDeliveryReport,
  smsRecipientOutcome,
} from './africastalking.client';
import { AfricasTalkingClientOptions } from './africastalking.types';

const SENT = {
  SMSMessageData: {
    Message: 'Sent to 1/2 Total Cost: KES 0.8000',
    Recipients: [
      {
        statusCode: 101,
        number: '+254712345678',
        status: 'Success',
        cost: 'KES 0.8000',
        messageId: 'ATXid_5c1e0a9f2b7d4e38a0c6f1d2b3e4a5c6',
        messageParts: 1,
      },
      {
        statusCode: 403,
        number: '+25470000',
        status: 'InvalidPhoneNumber',
        cost: '0',
        messageId: 'None',
      },
    ],
  },
};

describe(AfricasTalkingClient.name, () => {
  let stub: StubServer;
  const client = (options: Partial<AfricasTalkingClientOptions> = {}): AfricasTalkingClient =>
    new AfricasTalkingClient({
      baseUrl: stub.url,
      username: 'tipsapp',
      apiKey: 'at-key',
      senderId: 'TIPSKE',
      retries: 2,
      backoff: { baseMs: 1, maxMs: 5 },
      ...options,
    });

  beforeEach(async () => {
    stub = await StubServer.start();
  });
  afterEach(() => stub.close());

  describe('sendSms (§3.2)', () => {
    it('posts a form body with the apiKey header and reads each recipient', async () => {
      stub.on(`POST ${AT_MESSAGING_PATH}`, { status: 201, body: SENT });
      const result = await client().sendSms({
        to: ['254712345678', '+254700000001'],
        message: 'Slip 4521: Arsenal v Chelsea - GG @1.72',
        enqueue: true,
      });

      const request = stub.requests[0];
      expect(request.headers).toMatchObject({
        apikey: 'at-key',
        accept: 'application/json',
        'content-type': 'application/x-www-form-urlencoded',
      });
      expect(Object.fromEntries(new URLSearchParams(request.body))).toEqual({
        username: 'tipsapp',
        to: '+254712345678,+254700000001',
        message: 'Slip 4521: Arsenal v Chelsea - GG @1.72',
        from: 'TIPSKE',
        enqueue: '1',
      });
      expect(result).toEqual({
        message: 'Sent to 1/2 Total Cost: KES 0.8000',
        recipients: [
          {
            number: '+254712345678',
            status: 'Success',
            statusCode: 101,
            outcome: 'accepted',
            messageId: 'ATXid_5c1e0a9f2b7d4e38a0c6f1d2b3e4a5c6',
            cost: 'KES 0.8000',
            costCurrency: 'KES',
            costAmount: '0.8000',
            messageParts: 1,
          },
          {
            number: '+25470000',
            status: 'InvalidPhoneNumber',
            statusCode: 403,
            outcome: 'permanent',
            messageId: null,
            cost: '0',
            costAmount: '0',
          },
        ],
      });
    });

    it('accepts the all-invalid answer with no recipients', async () => {
      stub.on(`POST ${AT_MESSAGING_PATH}`, {
        status: 201,
        body: { SMSMessageData: { Message: 'InvalidPhoneNumber', Recipients: [] } },
      });
      await expect(
        client().sendSms({ to: '+254712345678', message: 'hi', from: 'OTHER' }),
      ).resolves.toEqual({
        message: 'InvalidPhoneNumber',
        recipients: [],
      });
      expect(new URLSearchParams(stub.requests[0].body).get('from')).toBe('OTHER');
    });

    it('maps the plain-text 401 to ProviderAuthError', async () => {
      stub.on(`POST ${AT_MESSAGING_PATH}`, {
        status: 401,
        body: 'The supplied authentication is invalid',
      });
      await expect(client().sendSms({ to: '+254712345678', message: 'hi' })).rejects.toBeInstanceOf(
        ProviderAuthError,
      );
      await expect(client().sendSms({ to: '+254712345678', message: 'hi' })).rejects.toMatchObject({
        providerMessage: 'The supplied authentication is invalid',
      });
    });

    it('does not resend after a 500 (the SMS may have gone out)', async () => {
      stub.on(`POST ${AT_MESSAGING_PATH}`, { status: 500, body: 'oops' });
      await expect(
        client({ retries: 3 }).sendSms({ to: '+254712345678', message: 'hi' }),
      ).rejects.toMatchObject({
        name: 'ProviderHttpError',
        outcomeUnknown: true,
      });
      expect(stub.requests).toHaveLength(1);
    });

    it('refuses a bad number or an empty message before sending', async () => {
      await expect(client().sendSms({ to: '0712 345 678', message: 'hi' })).rejects.toMatchObject({
        name: 'ProviderInputError',
        field: 'to',
      });
      await expect(client().sendSms({ to: [], message: 'hi' })).rejects.toMatchObject({
        field: 'to',
      });
      await expect(client().sendSms({ to: '+254712345678', message: '' })).rejects.toMatchObject({
        field: 'message',
      });
      expect(stub.requests).toHaveLength(0);
    });

    it('throws ProviderResponseError for an accepted recipient without messageId', async () => {
      stub.on(`POST ${AT_MESSAGING_PATH}`, {
        status: 201,
        body: {
          SMSMessageData: {
            Message: 'x',
            Recipients: [
              {
                statusCode: 101,
                number: '+254712345678',
                status: 'Success',
                cost: 'KES 0.8000',
                messageId: 'None',
              },
            ],
          },
        },
      });
      await expect(client().sendSms({ to: '+254712345678', message: 'hi' })).rejects.toMatchObject({
        name: 'ProviderResponseError',
        field: 'SMSMessageData.Recipients[0].messageId',
      });
    });
  });

  it('classifies recipient status codes for the outbox', () => {
    expect([100, 101, 102].map(smsRecipientOutcome)).toEqual(['accepted', 'accepted', 'accepted']);
    expect([405, 407, 409, 500, 501].map(smsRecipientOutcome)).toEqual(Array(5).fill('retryable'));
    expect([401, 402, 403, 404, 406, 502, 999].map(smsRecipientOutcome)).toEqual(
      Array(7).fill('permanent'),
    );
  });
});

describe('parseDeliveryReport (§3.3)', () => {
  it('reads the raw form body', () => {
    const raw =
      'id=ATXid_5c1e0a9f2b7d4e38a0c6f1d2b3e4a5c6&status=Success&phoneNumber=%2B254712345678&networkCode=63902&retryCount=0';
    expect(parseDeliveryReport(raw)).toEqual({
      id: 'ATXid_5c1e0a9f2b7d4e38a0c6f1d2b3e4a5c6',
      status: 'Success',
      final: true,
      delivered: true,
      phoneNumber: '+254712345678',
      networkCode: '63902',
      retryCount: 0,
    });
  });

  it('reads a parsed form object with a failure reason', () => {
    expect(
      parseDeliveryReport({
        id: 'ATXid_1',
        status: 'Failed',
        phoneNumber: '+254712345678',
        networkCode: '63902',
        failureReason: 'DeliveryFailure',
      }),
    ).toEqual({
      id: 'ATXid_1',
      status: 'Failed',
      final: true,
      delivered: false,
      phoneNumber: '+254712345678',
      networkCode: '63902',
      failureReason: 'DeliveryFailure',
    });
  });

  it('marks intermediate statuses as not final', () => {
    for (const status of ['Sent', 'Submitted', 'Buffered']) {
      expect(
        parseDeliveryReport(
          new URLSearchParams({ id: 'ATXid_1', status, phoneNumber: '+254712345678' }),
        ),
      ).toMatchObject({
        final: false,
        delivered: false,
      });
    }
  });

  it.each([
    ['no id', 'status=Success&phoneNumber=%2B254712345678', 'id'],
    ['no status', { id: 'ATXid_1', phoneNumber: '+254712345678' }, 'status'],
    ['no phoneNumber', { id: 'ATXid_1', status: 'Success' }, 'phoneNumber'],
    [
      'a bad retryCount',
      { id: 'ATXid_1', status: 'Success', phoneNumber: '+2547', retryCount: 'x' },
      'retryCount',
    ],
    ['a JSON array', [1], 'body'],
  ])('throws ProviderCallbackError for %s', (_case, body, field) => {
    expect(() => parseDeliveryReport(body)).toThrow(ProviderCallbackError);
    try {
      parseDeliveryReport(body);
    } catch (e) {
      expect(e).toMatchObject({ field });
    }
  });
});
