import { AppConfig } from '../../../src/config/app-config';
import { MarketingConsentService } from '../../../src/modules/notifications/consent/marketing-consent.service';
import { MarketingSender } from '../../../src/modules/notifications/consent/marketing-sender.service';
import { MARKETING_WARNING } from '../../../src/modules/notifications/consent/domain/consent-rules';
import { SmsService } from '../../../src/modules/notifications/sms/sms.service';
import { createTestContext, TestContext } from '../../setup/test-app';
import { eventually } from '../processor/support';

jest.setTimeout(120_000);

/** The sandbox phone (docs/PRODUCT-RULES.md R233): its inbox shows what was really sent. */
const PHONE = '254711082300';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

/**
 * Marketing consent end to end (docs/PRODUCT-RULES.md R230-R235), against this server's Africa's
 * Talking sandbox: an opted-in phone receives marketing with the warning; STOP from that phone
 * (a literal incoming-message body, docs/PROVIDERS.md §3.7) opts it out; the next marketing SMS is
 * refused while the picks still reach it.
 */
describe('marketing consent', () => {
  let t: TestContext;
  let inboundUrl: string;
  const inbox = async (): Promise<string[]> =>
    (
      (await t.request('GET', `/sandbox/api/phones/${PHONE}`)).body.messages as { body: string }[]
    ).map((m) => m.body);
  const stopBody = (text: string, id: string): string =>
    `linkId=&text=${encodeURIComponent(text)}&to=22384&id=${id}&date=2026-12-05%2008%3A30%3A00&from=%2B${PHONE}&networkCode=99999`;

  beforeAll(async () => {
    t = await createTestContext({
      role: 'all',
      listen: true,
      env: { SANDBOX_AT_REPORT_DELAY_MS: '50' },
    });
    inboundUrl = `/api/notifications/sms/inbound/${t.get(AppConfig).africasTalking.callbackToken}`;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses marketing without an opt-in, sends it with the warning after one', async () => {
    const sender = t.get(MarketingSender);
    await expect(
      sender.send({ channel: 'sms', to: `+${PHONE}`, body: 'Weekend tips are live' }),
    ).rejects.toMatchObject({ code: 'NO_MARKETING_CONSENT', status: 409 });
    await t
      .get(MarketingConsentService)
      .optIn({ channel: 'sms', to: '0711082300' }, 'Send me offers by SMS', 'checkout');
    const [row] = await t.ds.query(
      `SELECT recipient, consent_text, opt_in_source, opted_in_at FROM marketing_consent WHERE channel = 'sms'`,
    );
    expect(row).toMatchObject({
      recipient: PHONE,
      consent_text: 'Send me offers by SMS',
      opt_in_source: 'checkout',
      opted_in_at: expect.any(Date),
    });
    await sender.send({ channel: 'sms', to: `+${PHONE}`, body: 'Weekend tips are live' });
    const body = await eventually(async () =>
      (await inbox()).find((b) => b.startsWith('Weekend tips are live')),
    );
    expect(body).toBe(`Weekend tips are live\n${MARKETING_WARNING} Reply STOP to opt out`);
  });

  it('refuses a marketing text with an income claim', async () => {
    await expect(
      t
        .get(MarketingSender)
        .send({ channel: 'sms', to: PHONE, body: 'Earn a daily income from tips' }),
    ).rejects.toMatchObject({
      code: 'MARKETING_TOUT_WORD',
      status: 400,
      message: 'A marketing message must not contain "income"',
    });
  });

  it('STOP from the sandbox phone opts out; the next marketing SMS is not sent, picks still are', async () => {
    const res = await t.request('POST', inboundUrl, {
      headers: FORM,
      body: stopBody('Stop', 'ATXid_in_0001'),
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'opted-out' });
    const [row] = await t.ds.query(
      `SELECT opted_out_at, opt_out_source FROM marketing_consent WHERE channel = 'sms' AND recipient = $1`,
      [PHONE],
    );
    expect(row).toMatchObject({ opted_out_at: expect.any(Date), opt_out_source: 'sms-stop' });
    expect(await t.get(MarketingConsentService).canSendMarketing(PHONE, 'sms')).toBe(false);

    await expect(
      t.get(MarketingSender).send({ channel: 'sms', to: PHONE, body: 'Midweek offer' }),
    ).rejects.toMatchObject({ code: 'NO_MARKETING_CONSENT' });
    await t.get(SmsService).queue(PHONE, 'Your tips: Arsenal v Chelsea 1X2: 1', 'deliver-slip');
    await eventually(async () => (await inbox()).includes('Your tips: Arsenal v Chelsea 1X2: 1'));
    const [{ n }] = await t.ds.query(
      `SELECT count(*)::int AS n FROM sms_outbox WHERE to_msisdn = $1 AND body LIKE 'Midweek offer%'`,
      [PHONE],
    );
    expect(n).toBe(0);
  });

  it.each(['STOP', 'stop all', 'UNSUBSCRIBE'])(
    '%s opts out, other texts are ignored',
    async (text) => {
      await t
        .get(MarketingConsentService)
        .optIn({ channel: 'sms', to: '+254722000111' }, 'Send me offers by SMS', 'checkout');
      const ignored = await t.request('POST', inboundUrl, {
        headers: FORM,
        body: `text=hello&to=22384&id=ATXid_x&date=2026-12-05&from=%2B254722000111`,
      });
      expect(ignored.body).toEqual({ status: 'ignored' });
      expect(await t.get(MarketingConsentService).canSendMarketing('254722000111', 'sms')).toBe(
        true,
      );
      const res = await t.request('POST', inboundUrl, {
        headers: FORM,
        body: `text=${encodeURIComponent(text)}&to=22384&id=ATXid_y&date=2026-12-05&from=%2B254722000111`,
      });
      expect(res.body).toEqual({ status: 'opted-out' });
      expect(await t.get(MarketingConsentService).canSendMarketing('254722000111', 'sms')).toBe(
        false,
      );
    },
  );

  it.each([
    ['no from', 'text=STOP&to=22384&id=ATXid_1'],
    ['no text', 'from=%2B254711082300&to=22384&id=ATXid_1'],
    ['an oversized text', `from=%2B254711082300&to=22384&id=ATXid_1&text=${'a'.repeat(5_000)}`],
    ['a JSON array', '[1,2]'],
    ['a number for from', '{"from":254711082300,"to":"22384","id":"x","text":"STOP"}'],
  ])('answers %s with 400, never 500', async (_label, body) => {
    const json = body.startsWith('[') || body.startsWith('{');
    const res = await t.request('POST', inboundUrl, {
      headers: json ? { 'content-type': 'application/json' } : FORM,
      body,
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/Not an incoming SMS notification|Bad Request|JSON/);
  });

  it('answers a wrong callback token with 404', async () => {
    const res = await t.request('POST', '/api/notifications/sms/inbound/not-the-secret-0000', {
      headers: FORM,
      body: stopBody('STOP', 'ATXid_2'),
    });
    expect(res.status).toBe(404);
  });

  it('the signed link opts out without a login; a forged one is 400', async () => {
    const consent = t.get(MarketingConsentService);
    await consent.optIn(
      { channel: 'email', to: 'Wanjiru@Example.KE' },
      'E-mail me offers',
      'register-form',
    );
    const url = consent.unsubscribeUrl({ channel: 'email', to: 'wanjiru@example.ke' });
    const path = url.slice(url.indexOf('/api/'));
    const res = await t.request('GET', path);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      message: 'You will receive no more marketing messages on this channel',
      channel: 'email',
    });
    expect(await consent.canSendMarketing('wanjiru@example.ke', 'email')).toBe(false);
    expect((await t.request('GET', path)).status).toBe(200);
    const forged = path.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    const bad = await t.request('GET', forged);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('This unsubscribe link is not valid');
    expect((await t.request('GET', '/api/notifications/unsubscribe')).status).toBe(400);
  });
});

describe('the sandbox phone replies STOP', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({ role: 'api', listen: true });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("posts the reply as an Africa's Talking incoming message and opts the phone out (docs/PRODUCT-RULES.md R233)", async () => {
    await t
      .get(MarketingConsentService)
      .optIn({ channel: 'sms', to: PHONE }, 'Send me offers by SMS', 'checkout');
    const res = await t.request('POST', `/sandbox/phone/${PHONE}/reply`, {
      headers: FORM,
      body: 'text=STOP',
    });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe(`/sandbox/phone/${PHONE}?done=opted_out`);
    expect(await t.get(MarketingConsentService).canSendMarketing(PHONE, 'sms')).toBe(false);
    const page = await t.request('GET', `/sandbox/phone/${PHONE}?done=opted_out`);
    expect(page.text).toContain('STOP sent: this phone gets no more marketing SMS.');
    expect(page.text).toContain(`action="/sandbox/phone/${PHONE}/reply"`);
    expect(
      (await t.request('POST', `/sandbox/phone/${PHONE}/reply`, { headers: FORM, body: 'text=' }))
        .status,
    ).toBe(404);
  });
});
