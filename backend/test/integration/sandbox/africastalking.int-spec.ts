import { AppConfig } from '../../../src/config/app-config';
import {
  AfricasTalkingClient,
  parseDeliveryReport,
} from '../../../src/providers/africastalking/africastalking.client';
import { ProviderAuthError, ProviderHttpError } from '../../../src/providers/common/http';
import { createTestContext, TestContext } from '../../setup/test-app';
import { CallbackReceiver, eventually } from './support/callback-receiver';

/**
 * The Africa's Talking sandbox driven by the real AfricasTalkingClient (docs/ARCHITECTURE.md "Providers and sandboxes"): the send answer
 * like the real API, every accepted message in the phone's inbox, delivery reports posted
 * form-encoded (Submitted, then Success) to SANDBOX_AT_DELIVERY_REPORT_URL.
 */
describe("Africa's Talking sandbox", () => {
  let t: TestContext;
  let receiver: CallbackReceiver;
  let client: AfricasTalkingClient;

  beforeAll(async () => {
    receiver = await CallbackReceiver.start();
    t = await createTestContext({
      listen: true,
      env: {
        SANDBOX_AT_DELIVERY_REPORT_URL: receiver.url('/dlr'),
        SANDBOX_AT_REPORT_DELAY_MS: '50',
      },
    });
    const at = t.get(AppConfig).africasTalking;
    expect(at.baseUrl).toBe(`${t.baseUrl}/sandbox/africastalking`);
    client = new AfricasTalkingClient({ ...at, retries: 0 });
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  const reportsFor = (messageId: string) =>
    receiver
      .on('/dlr')
      .map((r) => parseDeliveryReport(r.body))
      .filter((r) => r.id === messageId);

  it('answers like the real API: 101 for good numbers, 406 blacklisted, 403 malformed; cost and parts', async () => {
    const result = await client.sendSms({
      to: ['+254712345678', '+254700000406', '+2547000000'],
      message: 'Slip 4521: Arsenal v Chelsea - GG @1.72',
    });
    expect(result.message).toBe('Sent to 1/3 Total Cost: KES 0.8000');
    expect(result.recipients).toEqual([
      expect.objectContaining({
        number: '+254712345678',
        status: 'Success',
        statusCode: 101,
        outcome: 'accepted',
        messageId: expect.stringMatching(/^ATXid_[0-9a-f]{32}$/),
        cost: 'KES 0.8000',
        costCurrency: 'KES',
        costAmount: '0.8000',
        messageParts: 1,
      }),
      expect.objectContaining({
        number: '+254700000406',
        status: 'UserInBlacklist',
        statusCode: 406,
        outcome: 'permanent',
        messageId: null,
        cost: '0',
      }),
      expect.objectContaining({
        number: '+2547000000',
        status: 'InvalidPhoneNumber',
        statusCode: 403,
        outcome: 'permanent',
        messageId: null,
      }),
    ]);
  });

  it('puts the message in the phone inbox (newest first) and posts Submitted then Success reports', async () => {
    const first = await client.sendSms({ to: '254733111222', message: 'first' });
    const second = await client.sendSms({
      to: '+254733111222',
      message: 'Your picks: Arsenal v Chelsea GG',
      from: 'TIPSKE',
    });
    const inbox = (await t.request('GET', '/sandbox/api/phones/0733111222')).body;
    expect(inbox.messages.slice(0, 2)).toEqual([
      { from: 'TIPSKE', body: 'Your picks: Arsenal v Chelsea GG', at: expect.any(String) },
      { from: 'TIPSKE', body: 'first', at: expect.any(String) },
    ]);
    expect(inbox.prompts).toEqual([]);

    const id = second.recipients[0].messageId as string;
    await eventually(async () => reportsFor(id).length === 2);
    expect(reportsFor(id)).toEqual([
      {
        id,
        status: 'Submitted',
        final: false,
        delivered: false,
        phoneNumber: '+254733111222',
        networkCode: '63903',
        retryCount: 0,
      },
      {
        id,
        status: 'Success',
        final: true,
        delivered: true,
        phoneNumber: '+254733111222',
        networkCode: '63903',
        retryCount: 0,
      },
    ]);
    const raw = receiver.on('/dlr').find((r) => r.body.includes(id));
    expect(raw?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    await eventually(async () => reportsFor(first.recipients[0].messageId as string).length === 2);
  });

  it('reports a failed delivery for the failing test number, which never reaches an inbox', async () => {
    const sent = await client.sendSms({ to: '+254700000500', message: 'lost' });
    const id = sent.recipients[0].messageId as string;
    await eventually(async () => reportsFor(id).some((r) => r.final));
    expect(reportsFor(id).at(-1)).toMatchObject({
      status: 'Failed',
      failureReason: 'DeliveryFailure',
      delivered: false,
    });
    expect((await t.request('GET', '/sandbox/api/phones/254700000500')).body.messages).toEqual([]);
  });

  it('counts long messages in parts', async () => {
    const sent = await client.sendSms({ to: '+254712000333', message: 'x'.repeat(200) });
    expect(sent.recipients[0]).toMatchObject({ messageParts: 2, cost: 'KES 1.6000' });
  });

  it('refuses a wrong apiKey or username with 401 plain text', async () => {
    const wrong = new AfricasTalkingClient({
      baseUrl: `${t.baseUrl}/sandbox/africastalking`,
      username: 'sandbox',
      apiKey: 'wrong',
      retries: 0,
    });
    const err = await wrong.sendSms({ to: '+254712345678', message: 'x' }).catch((e) => e);
    expect(err).toBeInstanceOf(ProviderAuthError);
    expect(err.message).toContain('The supplied authentication is invalid');
    const wrongUser = new AfricasTalkingClient({
      ...t.get(AppConfig).africasTalking,
      username: 'someone',
      retries: 0,
    });
    await expect(wrongUser.sendSms({ to: '+254712345678', message: 'x' })).rejects.toBeInstanceOf(
      ProviderAuthError,
    );
  });

  it('can fail twice on purpose, then send (outbox retry tests)', async () => {
    await t.request('POST', '/sandbox/api/faults', {
      body: { target: 'africastalking.messaging', count: 2, status: 500 },
    });
    for (let i = 0; i < 2; i++) {
      const err = await client
        .sendSms({ to: '+254712000444', message: 'retry me' })
        .catch((e) => e);
      expect(err).toBeInstanceOf(ProviderHttpError);
      expect(err.status).toBe(500);
    }
    await expect(
      client.sendSms({ to: '+254712000444', message: 'retry me' }),
    ).resolves.toMatchObject({ message: 'Sent to 1/1 Total Cost: KES 0.8000' });
    expect((await t.request('GET', '/sandbox/api/phones/254712000444')).body.messages).toHaveLength(
      1,
    );
    expect((await t.request('GET', '/sandbox/api/faults')).body).toEqual([]);
  });

  it('answers a request without a message with 400 and a message, never 500', async () => {
    const { username, apiKey } = t.get(AppConfig).africasTalking;
    const res = await fetch(`${t.baseUrl}/sandbox/africastalking/version1/messaging`, {
      method: 'POST',
      headers: {
        apikey: apiKey,
        accept: 'application/json',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ username, to: '+254712345678' }).toString(),
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("'message'");
  });
});
