import { existsSync, mkdirSync, writeFileSync } from 'fs';
import { join } from 'path';
import { createUser, CreatedUser } from '../../factories/account';
import { createTestContext, TestContext } from '../../setup/test-app';
import { pinClock } from '../../support/clock';
import { RetentionService } from '../../../src/modules/privacy/retention.service';
import { ERASED_SMS_BODY } from '../../../src/modules/notifications/sms/sms.constants';
import type { EmailStatus } from '../../../src/modules/notifications/entities/email-outbox.entity';
import { listResource } from '../backoffice/backoffice-helpers';

const NOW = new Date('2026-12-05T09:00:00.000Z');
const AVATAR = '0b9f1c9e-6a47-4c1e-9d3b-5c8f2e7a1d40.webp';
const DAY = 86_400_000;
const daysAgo = (d: number): Date => new Date(NOW.getTime() - d * DAY);
/** `months` calendar months before NOW, plus or minus a day. */
const monthsAgo = (months: number, plusDays = 0): Date => {
  const d = new Date(NOW);
  d.setUTCMonth(d.getUTCMonth() - months);
  return new Date(d.getTime() - plusDays * DAY);
};

/**
 * Data retention on a seeded database with back-dated rows (docs/PRODUCT-RULES.md R270-R274, R280):
 * one run erases exactly what is past the default periods (90 days for SMS texts and e-mails, 24
 * months, 30 days) and keeps
 * what is just inside them or has money open; a second run changes nothing; the counts are
 * stored and listed read-only in the back office. The STOP acceptance case (an opted-out phone
 * gets no marketing SMS, picks still arrive) is test/integration/notifications/marketing-consent.int-spec.ts.
 */
describe(RetentionService.name, () => {
  let t: TestContext;
  let admin: CreatedUser;
  const ids: Record<string, string> = {};
  const users: Record<string, number> = {};

  const sms = async (
    key: string,
    purpose: string,
    status: string,
    createdAt: Date,
  ): Promise<void> => {
    const [row] = await t.ds.query(
      `INSERT INTO sms_outbox (to_msisdn, body, purpose, status, created_at) VALUES ('254711000001', $1, $2, $3, $4) RETURNING id::text AS id`,
      [`Slip 1: Arsenal v Chelsea - 1 @1.80 (${key})`, purpose, status, createdAt],
    );
    ids[key] = row.id;
  };
  const email = async (
    key: string,
    kind: string,
    status: EmailStatus,
    createdAt: Date,
    bodies: 'kept' | 'smtp-dropped' | 'closing-erased' = 'kept',
  ): Promise<void> => {
    const content =
      bodies === 'kept'
        ? [
            `Your tip slip 1 (${key})`,
            `Arsenal v Chelsea - 1 @1.80 (${key})`,
            `<pre>(${key})</pre>`,
          ]
        : bodies === 'smtp-dropped'
          ? [`Your tip slip 1 (${key})`, null, null]
          : ['', '', null];
    const [row] = await t.ds.query(
      `INSERT INTO email_outbox (kind, to_address, subject, text_body, html_body, status, created_at)
       VALUES ($1, 'buyer.ng@example.com', $2, $3, $4, $5, $6) RETURNING id::text AS id`,
      [kind, ...content, status, createdAt],
    );
    ids[key] = row.id;
  };
  const purchase = async (
    key: string,
    createdAt: Date,
    extra: { status?: string; review?: string; email?: boolean } = {},
  ): Promise<void> => {
    const [row] = await t.ds.query(
      `INSERT INTO purchase (kind, subscription_type, phone, rg_phone, email, amount, provider, code, status, review_reason, created_at)
       VALUES ('subscription', 'gold', $1, $1, $2, 100, 'mpesa', $3, $4, $5, $6) RETURNING id::text AS id`,
      [
        extra.email ? null : '254711000002',
        extra.email ? 'buyer@example.com' : null,
        `RT${key.toUpperCase()}`,
        extra.status ?? 'paid',
        extra.review ?? null,
        createdAt,
      ],
    );
    ids[key] = row.id;
  };
  const share = async (purchaseKey: string, status: 'W' | 'P'): Promise<void> => {
    await t.ds.query(
      `INSERT INTO ledger_entry (user_id, account, kind, amount, status, purchase_id) VALUES (NULL, 'platform', 'sale_share', 60, $1, $2)`,
      [status, ids[purchaseKey]],
    );
  };
  const user = async (
    key: string,
    createdAt: Date,
    extra: { role?: string; verified?: boolean; avatar?: string } = {},
  ): Promise<void> => {
    const [row] = await t.ds.query(
      `INSERT INTO app_user (username, email, password_hash, role, email_verified_at, avatar_file, created_at)
       VALUES ($1, $2, 'x', $3, $4, $5, $6) RETURNING id`,
      [
        `rt_${key}`,
        `rt_${key.toLowerCase()}@example.com`,
        extra.role ?? 'user',
        extra.verified ? createdAt : null,
        extra.avatar ?? null,
        createdAt,
      ],
    );
    users[key] = row.id;
  };
  const snapshot = async (): Promise<unknown> => ({
    sms: await t.ds.query(`SELECT id, body FROM sms_outbox ORDER BY id`),
    purchases: await t.ds.query(`SELECT id, phone, rg_phone, email FROM purchase ORDER BY id`),
    users: await t.ds.query(`SELECT id FROM app_user ORDER BY id`),
    emails: await t.ds.query(
      `SELECT id, subject, text_body, html_body FROM email_outbox ORDER BY id`,
    ),
  });

  beforeAll(async () => {
    t = await createTestContext();
    pinClock(t, NOW);
    admin = await createUser(t.ds, { role: 'admin', username: 'retention_admin' });

    await sms('picksOld', 'deliver-slip', 'delivered', daysAgo(91));
    await sms('resendOld', 'deliver-slip-resend', 'failed', daysAgo(120));
    await sms('picksInside', 'deliver-slip', 'delivered', daysAgo(89));
    await sms('queuedOld', 'deliver-slip', 'queued', daysAgo(120));
    await sms('otherOld', 'subscription-confirm', 'delivered', daysAgo(400));
    await sms('codeOld', 'buyer-code', 'sent', daysAgo(95));
    await sms('marketingInside', 'marketing', 'delivered', daysAgo(30));

    await email('mailPicksOld', 'deliver-slip', 'sent', daysAgo(91));
    await email('mailResetDead', 'password-reset', 'dead', daysAgo(100));
    await email('mailSmtpOld', 'deliver-slip-fallback', 'sent', daysAgo(120), 'smtp-dropped');
    await email('mailInside', 'deliver-slip', 'sent', daysAgo(89));
    await email('mailFailedOld', 'deliver-slip', 'failed', daysAgo(120));
    await email('mailPendingOld', 'email-verification', 'pending', daysAgo(120));
    await email('mailClosedOld', 'deliver-slip', 'sent', daysAgo(200), 'closing-erased');

    await purchase('paidOld', monthsAgo(24, 1));
    await purchase('failedOldEmail', monthsAgo(24, 3), { status: 'failed', email: true });
    await purchase('settledShareOld', monthsAgo(30));
    await share('settledShareOld', 'P');
    await purchase('paidInside', monthsAgo(24, -1));
    await purchase('flaggedOld', monthsAgo(25), { review: 'amount mismatch' });
    await purchase('openShareOld', monthsAgo(25));
    await share('openShareOld', 'W');
    await purchase('pendingOld', monthsAgo(25), { status: 'pending' });

    await user('abandoned', daysAgo(31), { avatar: AVATAR });
    await user('abandonedConsent', daysAgo(60));
    await t.ds.query(
      `INSERT INTO marketing_consent (channel, recipient, user_id, opted_in_at, consent_text, opt_in_source) VALUES ('sms', '254711000009', $1, $2, 'Send me tips offers by SMS (18+). Reply STOP to opt out.', 'register-form')`,
      [users.abandonedConsent, daysAgo(60)],
    );
    await user('inside', daysAgo(29));
    await user('verified', daysAgo(60), { verified: true });
    await user('tipster', daysAgo(60), { role: 'tipster' });
    await user('loggedInLately', daysAgo(60));
    await t.ds.query(
      `INSERT INTO refresh_token_family (id, user_id, generation, token_hash, expires_at, created_at) VALUES (gen_random_uuid(), $1, 0, 'h-rt', $2, $3)`,
      [users.loggedInLately, daysAgo(-25), daysAgo(5)],
    );
    await user('named', daysAgo(60));
    await t.ds.query(
      `INSERT INTO ledger_entry (user_id, account, kind, amount, status) VALUES ($1, 'tipster', 'withdrawal_reversal', 1, 'P')`,
      [users.named],
    );

    mkdirSync(join(t.storageDir, 'avatars'), { recursive: true });
    writeFileSync(join(t.storageDir, 'avatars', AVATAR), 'webp');
  });
  afterAll(() => t?.close());

  it('erases exactly what is past retention and keeps what is inside it or has money open', async () => {
    const run = await t.get(RetentionService).run();
    expect(run).toMatchObject({
      startedAt: NOW,
      smsBodyDays: 90,
      emailBodyDays: 90,
      purchasePhoneMonths: 24,
      abandonedRegistrationDays: 30,
      smsBefore: daysAgo(90),
      emailBefore: daysAgo(90),
      purchaseBefore: monthsAgo(24),
      registrationBefore: daysAgo(30),
      smsBodiesErased: 4,
      emailBodiesErased: 3,
      purchaseContactsErased: 3,
      purchaseContactsKept: 3,
      registrationsDeleted: 2,
      registrationsKept: 1,
    });

    const bodies = new Map<string, string>(
      (await t.ds.query(`SELECT id::text AS id, body FROM sms_outbox`)).map(
        (r: { id: string; body: string }) => [r.id, r.body],
      ),
    );
    // Every purpose: picks, a purchase code, a one-time code (R280).
    for (const erased of ['picksOld', 'resendOld', 'otherOld', 'codeOld'])
      expect({ erased, body: bodies.get(ids[erased]) }).toEqual({ erased, body: ERASED_SMS_BODY });
    for (const kept of ['picksInside', 'queuedOld', 'marketingInside'])
      expect(bodies.get(ids[kept])).toContain(`(${kept})`);

    const mails = new Map<string, unknown>(
      (
        await t.ds.query(
          `SELECT id::text AS id, kind, status, to_address, subject, text_body, html_body FROM email_outbox`,
        )
      ).map((r: { id: string }) => [r.id, r]),
    );
    for (const erased of ['mailPicksOld', 'mailResetDead', 'mailSmtpOld'])
      expect({ erased, mail: mails.get(ids[erased]) }).toEqual({
        erased,
        mail: expect.objectContaining({
          to_address: 'buyer.ng@example.com',
          subject: '',
          text_body: ERASED_SMS_BODY,
          html_body: null,
        }),
      });
    expect(mails.get(ids.mailPicksOld)).toMatchObject({ kind: 'deliver-slip', status: 'sent' });
    for (const kept of ['mailInside', 'mailFailedOld', 'mailPendingOld'])
      expect({ kept, mail: mails.get(ids[kept]) }).toEqual({
        kept,
        mail: expect.objectContaining({
          subject: `Your tip slip 1 (${kept})`,
          text_body: `Arsenal v Chelsea - 1 @1.80 (${kept})`,
        }),
      });
    // Emptied by a closing already: not counted again.
    expect(mails.get(ids.mailClosedOld)).toMatchObject({ subject: '', text_body: '' });
    const resend = await t.request('PUT', `/api/backoffice/sms-messages/${ids.picksOld}`, {
      token: admin.token,
      body: { resend: true, force: true },
    });
    expect(resend.status).toBe(400);
    expect(resend.body.message).toBe(
      'The text of this SMS was erased at the end of its retention period; it cannot be sent again',
    );

    const contacts = new Map<string, boolean>(
      (
        await t.ds.query(
          `SELECT id::text AS id, (phone IS NOT NULL OR rg_phone IS NOT NULL OR email IS NOT NULL) AS held, status, amount FROM purchase`,
        )
      ).map((r: { id: string; held: boolean }) => [r.id, r.held]),
    );
    for (const erased of ['paidOld', 'failedOldEmail', 'settledShareOld'])
      expect({ erased, held: contacts.get(ids[erased]) }).toEqual({ erased, held: false });
    for (const kept of ['paidInside', 'flaggedOld', 'openShareOld', 'pendingOld'])
      expect({ kept, held: contacts.get(ids[kept]) }).toEqual({ kept, held: true });
    const [paidOld] = await t.ds.query(
      `SELECT status, amount::text AS amount, code FROM purchase WHERE id = $1`,
      [ids.paidOld],
    );
    expect(paidOld).toEqual({ status: 'paid', amount: '100.00', code: 'RTPAIDOLD' });

    const left = new Set<number>(
      (await t.ds.query(`SELECT id FROM app_user`)).map((r: { id: number }) => r.id),
    );
    expect(left.has(users.abandoned)).toBe(false);
    expect(left.has(users.abandonedConsent)).toBe(false);
    for (const kept of ['inside', 'verified', 'tipster', 'loggedInLately', 'named'])
      expect({ kept, left: left.has(users[kept]) }).toEqual({ kept, left: true });
    expect(existsSync(join(t.storageDir, 'avatars', AVATAR))).toBe(false);
    // The opt-in outlives the account: it is kept per phone (docs/PRODUCT-RULES.md R231).
    expect(
      await t.ds.query(`SELECT user_id FROM marketing_consent WHERE recipient = '254711000009'`),
    ).toEqual([{ user_id: null }]);
  });

  it('changes nothing when run again, and records that run too', async () => {
    const before = await snapshot();
    const again = await t.get(RetentionService).run();
    expect(again).toMatchObject({
      smsBodiesErased: 0,
      emailBodiesErased: 0,
      purchaseContactsErased: 0,
      purchaseContactsKept: 3,
      registrationsDeleted: 0,
      registrationsKept: 1,
    });
    expect(await snapshot()).toEqual(before);
    expect(await t.ds.query(`SELECT COUNT(*)::int AS n FROM retention_run`)).toEqual([{ n: 2 }]);
  });

  it('lists the runs read-only in the back office (admins only)', async () => {
    const res = await listResource(t, admin.token, 'retention-runs', { sort: ['id', 'ASC'] });
    expect(res.status).toBe(200);
    expect(res.headers['content-range']).toBe('retention-runs 0-1/2');
    expect(res.body[0]).toMatchObject({
      started_at: NOW.toISOString(),
      sms_body_days: 90,
      email_body_days: 90,
      purchase_phone_months: 24,
      abandoned_registration_days: 30,
      email_before: daysAgo(90).toISOString(),
      sms_bodies_erased: 4,
      email_bodies_erased: 3,
      purchase_contacts_erased: 3,
      purchase_contacts_kept: 3,
      registrations_deleted: 2,
      registrations_kept: 1,
    });
    const filtered = await listResource(t, admin.token, 'retention-runs', {
      filter: { sms_bodies_erased_gte: 1 },
    });
    expect(filtered.body).toHaveLength(1);
    const byEmails = await listResource(t, admin.token, 'retention-runs', {
      filter: { email_bodies_erased_gte: 3 },
      sort: ['email_bodies_erased', 'DESC'],
    });
    expect(byEmails.body.map((r: { id: number }) => r.id)).toEqual([res.body[0].id]);
    expect(
      (await listResource(t, admin.token, 'retention-runs', { sort: ['finished_at', 'ASC'] }))
        .status,
    ).toBe(400);
    const tipster = await createUser(t.ds, { role: 'tipster' });
    expect((await listResource(t, tipster.token, 'retention-runs')).status).toBe(403);
    expect(
      (await t.request('POST', '/api/backoffice/retention-runs', { token: admin.token, body: {} }))
        .status,
    ).toBe(405);
    expect(
      (
        await t.request('DELETE', `/api/backoffice/retention-runs/${res.body[0].id}`, {
          token: admin.token,
        })
      ).status,
    ).toBe(405);
  });

  it('serves the privacy notice with the configured periods', async () => {
    const res = await t.request('GET', '/api/site/privacy');
    expect(res.status).toBe(200);
    expect(res.body.retention.slice(0, 5).map((r: { period: string }) => r.period)).toEqual([
      '90 days',
      '90 days',
      '24 months',
      '30 days',
      '30 days',
    ]);
    expect(res.body.controller).toEqual({
      name: 'TipsKE Marketplace',
      contact_email: 'privacy@tips.local',
    });
  });
});

/** The periods are settings (README "Configuration"): the run and the privacy page read the same ones (R280). */
describe(`${RetentionService.name} with configured periods`, () => {
  let t: TestContext;

  beforeAll(async () => {
    t = await createTestContext({
      env: { RETENTION_SMS_BODY_DAYS: '45', RETENTION_EMAIL_BODY_DAYS: '30' },
    });
    pinClock(t, NOW);
    await t.ds.query(
      `INSERT INTO email_outbox (kind, to_address, subject, text_body, html_body, status, created_at)
       VALUES ('deliver-slip', 'buyer.ug@example.com', 'Your tip slip 2', 'picks', '<pre>picks</pre>', 'sent', $1),
              ('deliver-slip', 'buyer.ug@example.com', 'Your tip slip 3', 'picks', '<pre>picks</pre>', 'sent', $2)`,
      [daysAgo(31), daysAgo(29)],
    );
  });
  afterAll(() => t?.close());

  it('erases e-mails past RETENTION_EMAIL_BODY_DAYS and states both periods', async () => {
    const run = await t.get(RetentionService).run();
    expect(run).toMatchObject({
      smsBodyDays: 45,
      emailBodyDays: 30,
      emailBefore: daysAgo(30),
      emailBodiesErased: 1,
    });
    expect(
      await t.ds.query(`SELECT subject, text_body FROM email_outbox ORDER BY created_at`),
    ).toEqual([
      { subject: '', text_body: ERASED_SMS_BODY },
      { subject: 'Your tip slip 3', text_body: 'picks' },
    ]);
    const notice = await t.request('GET', '/api/site/privacy');
    expect(notice.body.retention.slice(0, 2).map((r: { period: string }) => r.period)).toEqual([
      '45 days',
      '30 days',
    ]);
  });
});
