import { existsSync } from 'fs';
import { join } from 'path';
import { Money } from '../../../src/common/money/money';
import { VoucherIssuer } from '../../../src/modules/processor/vouchers/voucher-issuer';
import { AccountClosingService } from '../../../src/modules/privacy/account-closing.service';
import { AccountDataExportService } from '../../../src/modules/privacy/account-data-export.service';
import { jsonDocument } from '../../../src/modules/privacy/domain/json-document';
import { createUser, CreatedUser } from '../../factories/account';
import { advanceClock, pinClock, resetClock } from '../../support/clock';
import { eventually } from '../../support/eventually';
import { expectMoneyInvariants } from '../../support/money-invariants';
import { sql } from '../../setup/test-db';
import { createTestContext, TestContext } from '../../setup/test-app';
import { multipart } from '../account/account-helpers';

jest.setTimeout(180_000);

const NOW = '2026-12-05T11:00:00+03:00';
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** How a column that names a person is found in the export: its section and the column that is the row's `id` there. */
type Covered = { section: string; id: string; by: 'user' | 'phone' | 'email' };
/** A column that names a person but is not exported, with the reason. */
type NotPersonal = { reason: string };

/**
 * Every column of the schema that holds a user id, a phone or an e-mail (docs/ARCHITECTURE.md
 * "Personal data"): covered by the export, or not personal with the reason. The walk below fails on
 * any such column missing here, so a new table with personal data must be added to the export.
 */
const PERSONAL_COLUMNS: Record<string, Covered | NotPersonal> = {
  'app_user.id': { section: 'profile', id: 'id', by: 'user' },
  'app_user.email': { section: 'profile', id: 'id', by: 'email' },
  'app_user.phone_number': { reason: 'the account row is exported whole by its id (profile)' },
  'app_user.msisdn': { section: 'profile', id: 'id', by: 'phone' },
  'refresh_token_family.user_id': { section: 'sessions', id: 'id', by: 'user' },
  'password_reset_token.user_id': { section: 'credentials', id: 'id', by: 'user' },
  'email_verification_code.user_id': { section: 'credentials', id: 'id', by: 'user' },
  'email_verification_code.email': { section: 'credentials', id: 'id', by: 'email' },
  'slip.user_id': { section: 'slips', id: 'id', by: 'user' },
  'ledger_entry.user_id': { section: 'ledger', id: 'id', by: 'user' },
  'withdrawal.user_id': { section: 'withdrawals', id: 'id', by: 'user' },
  'withdrawal.phone_number': { reason: "exported with the user's withdrawals (by user id)" },
  'withdrawal.approved_by': {
    reason: "the approving administrator's id: staff accountability, not the customer's data",
  },
  'withdrawal.rejected_by': {
    reason: "the rejecting administrator's id: staff accountability, not the customer's data",
  },
  'purchase.phone': { section: 'purchases', id: 'id', by: 'phone' },
  'purchase.rg_phone': { section: 'purchases', id: 'id', by: 'phone' },
  'purchase.email': { section: 'purchases', id: 'id', by: 'email' },
  'picks_delivery.phone': { section: 'picks_deliveries', id: 'purchase_id', by: 'phone' },
  'picks_delivery.email': { section: 'picks_deliveries', id: 'purchase_id', by: 'email' },
  'subscription.phone': { section: 'subscriptions', id: 'id', by: 'phone' },
  'unmatched_payment.msisdn': { section: 'unmatched_payments', id: 'id', by: 'phone' },
  'voucher.phone': { section: 'vouchers', id: 'id', by: 'phone' },
  'voucher.email': { section: 'vouchers', id: 'id', by: 'email' },
  'voucher_failed_attempt.phone': {
    reason:
      'a wrong-voucher-code counter kept for the one-hour lockout window (R247); no content of its own',
  },
  'voucher_failed_attempt.email': {
    reason:
      'a wrong-voucher-code counter kept for the one-hour lockout window (R247, R283); no content of its own',
  },
  'rg_limit.phone': { section: 'rg_limits', id: 'phone', by: 'phone' },
  'rg_code.phone': { section: 'rg_codes', id: 'id', by: 'phone' },
  'marketing_consent.user_id': { section: 'consents', id: 'id', by: 'user' },
  'marketing_consent.recipient': { section: 'consents', id: 'id', by: 'phone' },
  'sms_outbox.to_msisdn': { section: 'sms', id: 'id', by: 'phone' },
  'email_outbox.to_address': { section: 'emails', id: 'id', by: 'email' },
  'tipster_stat.user_id': {
    reason:
      "public figures of the tipster's slips (exported as slips), shown under the pseudonym after a closing",
  },
  'record_tipster.user_id': {
    reason:
      "public figures of the tipster's slips (exported as slips), shown under the pseudonym after a closing",
  },
  'record_market.user_id': {
    reason:
      "public figures of the tipster's slips (exported as slips), shown under the pseudonym after a closing",
  },
  'record_league.user_id': {
    reason:
      "public figures of the tipster's slips (exported as slips), shown under the pseudonym after a closing",
  },
  'record_slip.user_id': { reason: "records' claim of a settled slip (exported as slips)" },
  'admin_audit.actor_id': {
    reason: "an administrator's audit trail: staff accountability, not a customer's data",
  },
  'purchase.reviewed_by': { reason: "the reviewing administrator's name: staff accountability" },
};

/** Column names that hold a user id, a phone or an e-mail. */
const PERSONAL_NAME =
  /(^|_)(user_id|phone|phone_number|msisdn|email|to_address|to_msisdn|recipient|actor_id|approved_by|rejected_by|reviewed_by)$/;

/**
 * Data rights (docs/PRODUCT-RULES.md R260-R266): the export holds every row about a user and
 * nothing about anyone else; closing erases every personal field while money, ledger and records
 * stay as they were; a buyer's phone is exported and erased through an SMS code.
 */
describe('personal data: export and erasure', () => {
  let t: TestContext;
  let A: CreatedUser;
  let B: CreatedUser;
  const P = { local: '0722555001', msisdn: '254722555001' };
  const P2 = { local: '0722555002', msisdn: '254722555002' };
  let aSlips: number[];
  let bSlip: number;
  let aAvatar: string;

  const insertPurchase = async (o: {
    slip?: number;
    phone?: string | null;
    email?: string | null;
    amount: string;
    status: string;
    createdAt?: string;
    kind?: string;
    subscriptionType?: string;
  }) => {
    const [row] = await sql<{ id: string }>(
      t.db.url,
      `INSERT INTO purchase (kind, slip_id, subscription_type, phone, email, amount, currency, provider, code, status, created_at, paid_at, rg_phone, amount_ksh)
       VALUES ($1, $2, $3, $4, $5, $6, 'KES', 'mpesa', $7, $8, COALESCE($9::timestamptz, now()), CASE WHEN $8 = 'paid' THEN COALESCE($9::timestamptz, now()) END, $4, $6)
       RETURNING id::text`,
      [
        o.kind ?? 'slip',
        o.slip ?? null,
        o.subscriptionType ?? null,
        o.phone ?? null,
        o.email ?? null,
        o.amount,
        `C${Math.random().toString(36).slice(2, 10).toUpperCase()}`,
        o.status,
        o.createdAt ?? null,
      ],
    );
    return row.id;
  };
  /** A paid sale of a settled, won slip: its 60% share paid to the tipster and the 40% fee (docs/PRODUCT-RULES.md R25). */
  const sale = async (
    slip: number,
    tipster: number,
    phone: string,
    amount: string,
    createdAt?: string,
  ) => {
    const id = await insertPurchase({ slip, phone, amount, status: 'paid', createdAt });
    const cents = Math.round(Number(amount) * 100);
    const share = (Math.round(cents * 0.6) / 100).toFixed(2);
    const fee = ((cents - Math.round(cents * 0.6)) / 100).toFixed(2);
    await sql(
      t.db.url,
      `INSERT INTO ledger_entry (user_id, account, kind, amount, status, purchase_id) VALUES ($1, 'tipster', 'sale_share', $2, 'P', $3), (NULL, 'platform', 'platform_fee', $4, 'P', $3)`,
      [tipster, share, id, fee],
    );
    return id;
  };
  const slipOf = async (userId: number, result: string | null) => {
    const [row] = await sql<{ id: number }>(
      t.db.url,
      `INSERT INTO slip (user_id, price_ksh, accumulator, slip_result, settled_at) VALUES ($1, 1000, 4.50, $2::text, CASE WHEN $2::text IS NULL THEN NULL ELSE now() END) RETURNING id`,
      [userId, result],
    );
    return row.id;
  };
  const documentOf = async (userId: number): Promise<any> => {
    let text = '';
    for await (const c of jsonDocument(await t.get(AccountDataExportService).parts(userId, 2)))
      text += c;
    return JSON.parse(text);
  };
  const proofOf = async (u: CreatedUser): Promise<string> => {
    const res = await t.request('POST', '/api/account/reauth', {
      token: u.token,
      body: { password: u.password },
    });
    expect(res.status).toBe(200);
    return res.body.proof;
  };
  const myData = async (u: CreatedUser): Promise<any> => {
    const res = await t.request(
      'GET',
      `/api/account/my-data?proof=${encodeURIComponent(await proofOf(u))}`,
      { token: u.token },
    );
    expect(res.status).toBe(200);
    expect(String(res.headers['content-disposition'])).toContain('my-data.json');
    return JSON.parse(res.text);
  };

  beforeAll(async () => {
    t = await createTestContext({ role: 'api' });
    pinClock(t, NOW);
    A = await createUser(t.ds, {
      role: 'tipster',
      username: 'amani_private',
      email: 'amani.private@example.com',
      phoneNumber: '0711444001',
      name: 'Amani Otieno',
      city: 'Kisumu',
    });
    B = await createUser(t.ds, {
      role: 'tipster',
      username: 'baraka_private',
      email: 'baraka.private@example.com',
      phoneNumber: '0711444002',
      name: 'Baraka Mwangi',
      city: 'Nakuru',
    });
    const upload = multipart('profile_image', 'a.png', PNG_1X1, 'image/png');
    const avatar = await t.request('POST', '/api/account/user/avatar', {
      token: A.token,
      body: upload.body,
      headers: upload.headers,
    });
    expect(avatar.status).toBe(200);
    [{ avatar_file: aAvatar }] = await sql<{ avatar_file: string }>(
      t.db.url,
      `SELECT avatar_file FROM app_user WHERE id = $1`,
      [A.user.id],
    );

    aSlips = [await slipOf(A.user.id, 'W'), await slipOf(A.user.id, 'L')];
    bSlip = await slipOf(B.user.id, null);
    // A: two sales of 1000 (shares 600 + 600), one paid withdrawal of 1000 and a sale of 100 below: balance 260, below the minimum withdrawal.
    await sale(aSlips[0], A.user.id, P.msisdn, '1000.00');
    await sale(aSlips[1], A.user.id, A.user.msisdn!, '1000.00');
    const [w] = await sql<{ id: string }>(
      t.db.url,
      `INSERT INTO withdrawal (user_id, amount, total_paid, phone_number, status) VALUES ($1, 1000, 1000, $2, 'W') RETURNING id::text`,
      [A.user.id, A.user.msisdn],
    );
    await sql(
      t.db.url,
      `INSERT INTO ledger_entry (user_id, account, kind, amount, status, withdrawal_id) VALUES ($1, 'tipster', 'withdrawal', -1000, 'P', $2)`,
      [A.user.id, w.id],
    );
    await sql(
      t.db.url,
      `INSERT INTO b2c_payout (withdrawal_id, part, amount, originator_conversation_id, status, transaction_id) VALUES ($1, 1, 1000, 'oc-priv-1', 'paid', 'TX1')`,
      [w.id],
    );
    // B: a sale of its open slip to P2, pending.
    const bSale = await insertPurchase({
      slip: bSlip,
      phone: P2.msisdn,
      amount: '500.00',
      status: 'paid',
    });
    await sql(
      t.db.url,
      `INSERT INTO ledger_entry (user_id, account, kind, amount, status, purchase_id) VALUES ($1, 'tipster', 'sale_share', 300, 'W', $2), (NULL, 'platform', 'platform_fee', 200, 'P', $2)`,
      [B.user.id, bSale],
    );
    // The buyer P: an old sale (25 months ago) and a recent one of A's slip, a subscription, a paybill miss; P2 the same kinds.
    const pOld = await sale(aSlips[0], A.user.id, P.msisdn, '100.00', '2024-11-01T10:00:00+03:00');
    const pSub = await insertPurchase({
      kind: 'subscription',
      subscriptionType: 'silver',
      phone: P.msisdn,
      amount: '300.00',
      status: 'failed',
      createdAt: '2024-10-01T10:00:00+03:00',
    });
    await sql(
      t.db.url,
      `INSERT INTO subscription (phone, type, starts_at, ends_at, purchase_id) VALUES ($1, 'silver', '2024-10-01', '2024-10-08', $2)`,
      [P.msisdn, pSub],
    );
    // Vouchers held by e-mail (R283), issued as refunds are (with their ledger rows): one of A's address, one of B's.
    await t.ds.transaction((em) =>
      t.get(VoucherIssuer).issue(
        em,
        [
          [A.user.email, bSale],
          [B.user.email, pSub],
        ].map(([email, source]) => ({
          phone: null,
          email: email.toLowerCase(),
          code: '',
          amount: Money.parse('50.00'),
          currency: 'KES',
          amountKsh: Money.parse('50.00'),
          sourcePurchaseId: String(source),
          reason: 'change' as const,
          issuedAt: new Date(),
          expiresAt: new Date(Date.now() + 30 * 24 * 3_600_000),
        })),
      ),
    );
    await sql(
      t.db.url,
      `INSERT INTO picks_delivery (purchase_id, slip_id, phone, code, sms_id, due_at, queued_at) VALUES ($1, $2, $3, 'K1', 1, '2024-11-01', '2024-11-01')`,
      [pOld, aSlips[0], P.msisdn],
    );
    await sql(
      t.db.url,
      `INSERT INTO picks_delivery (purchase_id, slip_id, phone, code, sms_id, due_at, queued_at) VALUES ($1, $2, $3, 'K2', 2, now(), now())`,
      [bSale, bSlip, P2.msisdn],
    );
    await sql(
      t.db.url,
      `INSERT INTO unmatched_payment (provider, trans_id, bill_ref_number, amount, reason, msisdn, first_name, created_at) VALUES ('c2b', 'UT1', 'X1', 50, 'unknown-reference', $1, 'PETER', '2024-09-01'), ('c2b', 'UT2', 'X2', 50, 'unknown-reference', $2, 'PAUL', now())`,
      [P.msisdn, P2.msisdn],
    );
    await sql(
      t.db.url,
      `INSERT INTO rg_limit (phone, daily_cap_ksh) VALUES ($1, 500), ($2, 700), ($3, 900)`,
      [P.msisdn, P2.msisdn, A.user.msisdn],
    );
    // Messages and consents of everyone; reset links and codes of A and B.
    await sql(
      t.db.url,
      `INSERT INTO sms_outbox (to_msisdn, body, purpose, status, created_at) VALUES ($1, 'picks for A', 'picks', 'sent', now()), ($2, 'picks for P old', 'picks', 'delivered', '2024-11-01'), ($2, 'picks for P new', 'picks', 'sent', now()), ($3, 'picks for P2', 'picks', 'sent', now()), ($4, 'hello B', 'marketing', 'sent', now())`,
      [A.user.msisdn, P.msisdn, P2.msisdn, B.user.msisdn],
    );
    await sql(
      t.db.url,
      `INSERT INTO email_outbox (kind, to_address, subject, text_body, status) VALUES ('verify', $1, 'Verify A', 'code', 'sent'), ('verify', $2, 'Verify B', 'code', 'sent')`,
      [A.user.email, B.user.email],
    );
    await sql(
      t.db.url,
      `INSERT INTO marketing_consent (channel, recipient, user_id, opted_in_at, consent_text, opt_in_source) VALUES ('email', $1, $2, now(), 'Tips by e-mail', 'account'), ('sms', $3, NULL, now(), 'Tips by SMS', 'buy'), ('email', $4, $5, now(), 'Tips by e-mail', 'account'), ('sms', $6, NULL, now(), 'Tips by SMS', 'buy')`,
      [A.user.email, A.user.id, P.msisdn, B.user.email, B.user.id, P2.msisdn],
    );
    for (const u of [A, B]) {
      await sql(
        t.db.url,
        `INSERT INTO password_reset_token (user_id, token_hash, expires_at) VALUES ($1, md5(random()::text), now() + interval '1 hour')`,
        [u.user.id],
      );
      await sql(
        t.db.url,
        `INSERT INTO email_verification_code (user_id, email, code_hash, expires_at) VALUES ($1, $2, md5(random()::text), now() + interval '1 day')`,
        [u.user.id, u.user.email],
      );
    }
    await sql(
      t.db.url,
      `INSERT INTO record_tipster (user_id, won, lost, cancelled, profit, peak, max_drawdown, streak_current, longest_losing, last10, paid_ksh, payout) VALUES ($1, 1, 1, 0, 2.50, 3.50, 1.00, -1, 1, 'WL', 2000, 4500)`,
      [A.user.id],
    );
    await expectMoneyInvariants(t.ds);
  });
  afterAll(async () => {
    if (t) resetClock(t);
    await t?.close();
  });

  it('finds every column of the schema that names a person in the export or in the not-personal list', async () => {
    const cols = await sql<{ table_name: string; column_name: string }>(
      t.db.url,
      `SELECT table_name, column_name FROM information_schema.columns
        WHERE table_schema = 'public' AND table_name NOT LIKE 'sandbox\\_%' ORDER BY 1, 2`,
    );
    const personal = cols
      .filter((c) => PERSONAL_NAME.test(c.column_name))
      .map((c) => `${c.table_name}.${c.column_name}`);
    const missing = personal.filter((c) => !(c in PERSONAL_COLUMNS));
    expect(missing).toEqual([]);
    const stale = Object.keys(PERSONAL_COLUMNS).filter(
      (c) => !cols.some((x) => `${x.table_name}.${x.column_name}` === c),
    );
    expect(stale).toEqual([]);
  });

  it("exports every row about the user and none about another's", async () => {
    const doc = await myData(A);
    const keys = { user: [String(A.user.id)], phone: [A.user.msisdn!], email: [A.user.email] };
    for (const [col, how] of Object.entries(PERSONAL_COLUMNS)) {
      if ('reason' in how) continue;
      const [table, column] = col.split('.');
      const ids = await sql<{ id: string }>(
        t.db.url,
        `SELECT ${how.id}::text AS id FROM ${table} WHERE ${column}::text = ANY($1::text[])`,
        [keys[how.by]],
      );
      const section = doc[how.section];
      const exported = new Set(
        (Array.isArray(section) ? section : [section]).map((r: any) => String(r?.id)),
      );
      for (const { id } of ids)
        expect({ col, id, exported: exported.has(id) }).toEqual({ col, id, exported: true });
    }
    expect(doc.slips.map((s: any) => Number(s.id))).toEqual(aSlips);
    expect(doc.sales).toHaveLength(3);
    for (const s of doc.sales)
      expect(Object.keys(s)).not.toEqual(expect.arrayContaining(['phone']));
    expect(doc.withdrawals[0].parts).toEqual([
      expect.objectContaining({ part: 1, amount: '1000.00', transaction_id: 'TX1' }),
    ]);
    const text = JSON.stringify(doc);
    for (const other of [
      B.user.username,
      B.user.email,
      B.user.msisdn!,
      'Baraka',
      P.msisdn,
      P2.msisdn,
      'PAUL',
    ])
      expect({ other, found: text.includes(other) }).toEqual({ other, found: false });
    expect(text).not.toMatch(/\$argon2|token_hash|code_hash/);
  });

  it("exports a buyer's phone through an SMS code, and nothing of another phone", async () => {
    expect(
      (await t.request('POST', '/api/buyer/data-code', { body: { phone: P.local } })).status,
    ).toBe(200);
    const code = await eventually(
      async () => {
        const [row] = await sql<{ body: string }>(
          t.db.url,
          `SELECT body FROM sms_outbox WHERE to_msisdn = $1 AND purpose = 'data-code' ORDER BY id DESC LIMIT 1`,
          [P.msisdn],
        );
        return row ? /(\d{6})/.exec(row.body)![1] : null;
      },
      { timeoutMs: 10_000 },
    );
    expect((await t.request('GET', `/api/buyer/my-data?phone=${P.local}&code=000000`)).status).toBe(
      400,
    );
    // A code of another purpose proves nothing here.
    const res = await t.request('GET', `/api/buyer/my-data?phone=${P.local}&code=${code}`);
    expect(res.status).toBe(200);
    const doc = JSON.parse(res.text);
    expect(doc.subject).toEqual({ kind: 'phone', phone: P.msisdn });
    expect(doc.purchases).toHaveLength(3);
    expect(doc.subscriptions).toHaveLength(1);
    expect(doc.picks_deliveries).toHaveLength(1);
    expect(doc.unmatched_payments).toHaveLength(1);
    expect(doc.rg_limits).toEqual([
      expect.objectContaining({ phone: P.msisdn, daily_cap_ksh: '500.00' }),
    ]);
    expect(doc.consents).toHaveLength(1);
    expect(doc.sms.map((s: any) => s.body)).toEqual(
      expect.arrayContaining(['picks for P old', 'picks for P new']),
    );
    const text = JSON.stringify(doc);
    for (const other of [P2.msisdn, 'PAUL', 'picks for P2', A.user.email])
      expect({ other, found: text.includes(other) }).toEqual({ other, found: false });
    expect(text).not.toMatch(/code_hash/);
  });

  it("erases a buyer's phone from what is older than the retention only, money untouched", async () => {
    const ledgerBefore = await sql(t.db.url, `SELECT * FROM ledger_entry ORDER BY id`);
    const amountsBefore = await sql(
      t.db.url,
      `SELECT id, amount, status, paid_at FROM purchase ORDER BY id`,
    );
    const code = (
      await sql<{ body: string }>(
        t.db.url,
        `SELECT body FROM sms_outbox WHERE to_msisdn = $1 AND purpose = 'data-code' ORDER BY id DESC LIMIT 1`,
        [P.msisdn],
      )
    )[0].body.match(/(\d{6})/)![1];
    const res = await t.request('DELETE', `/api/buyer/my-data?phone=${P.local}&code=${code}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      erased_purchases: 2,
      kept_purchases: 1,
      retained_after: '2024-12-05T11:00:00+03:00',
    });
    const again = await t.request('DELETE', `/api/buyer/my-data?phone=${P.local}&code=${code}`);
    expect(again.body).toMatchObject({ erased_purchases: 0, kept_purchases: 1 });
    const left = await sql<{ n: number }>(
      t.db.url,
      `SELECT COUNT(*)::int AS n FROM purchase WHERE created_at < '2024-12-05' AND (phone = $1 OR rg_phone = $1)`,
      [P.msisdn],
    );
    expect(left[0].n).toBe(0);
    expect(
      await sql(
        t.db.url,
        `SELECT phone FROM subscription WHERE purchase_id IN (SELECT id FROM purchase WHERE kind = 'subscription')`,
      ),
    ).toEqual([{ phone: 'erased' }]);
    expect(
      await sql(
        t.db.url,
        `SELECT body FROM sms_outbox WHERE to_msisdn = $1 AND purpose = 'picks' ORDER BY id`,
        [P.msisdn],
      ),
    ).toEqual([{ body: 'picks for P new' }]);
    expect(
      await sql(
        t.db.url,
        `SELECT msisdn, first_name FROM unmatched_payment WHERE trans_id = 'UT1'`,
      ),
    ).toEqual([{ msisdn: null, first_name: null }]);
    expect(await sql(t.db.url, `SELECT phone FROM picks_delivery WHERE code = 'K1'`)).toEqual([
      { phone: 'erased' },
    ]);
    expect(await sql(t.db.url, `SELECT phone FROM rg_limit WHERE phone = $1`, [P.msisdn])).toEqual([
      { phone: P.msisdn },
    ]);
    expect(await sql(t.db.url, `SELECT * FROM ledger_entry ORDER BY id`)).toEqual(ledgerBefore);
    expect(
      await sql(t.db.url, `SELECT id, amount, status, paid_at FROM purchase ORDER BY id`),
    ).toEqual(amountsBefore);
    await expectMoneyInvariants(t.ds);
  });

  it('asks for a fresh password proof before an export', async () => {
    expect((await t.request('GET', '/api/account/my-data', { token: A.token })).status).toBe(403);
    expect(
      (
        await t.request('GET', '/api/account/my-data?proof=v1.1.99999999999999.' + 'a'.repeat(64), {
          token: A.token,
        })
      ).status,
    ).toBe(403);
    const wrong = await t.request('POST', '/api/account/reauth', {
      token: A.token,
      body: { password: 'not-my-password' },
    });
    expect(wrong).toMatchObject({ status: 400, body: { password: ['Wrong password'] } });
    const proof = await proofOf(A);
    // Another user's proof is no proof.
    expect(
      (await t.request('GET', `/api/account/my-data?proof=${proof}`, { token: B.token })).status,
    ).toBe(403);
    advanceClock(t, 5 * 60_000 + 1);
    expect(
      (await t.request('GET', `/api/account/my-data?proof=${proof}`, { token: A.token })).status,
    ).toBe(403);
    pinClock(t, NOW);
  });

  it('refuses to close an account while money is owed, with the figures', async () => {
    const res = await t.request('DELETE', '/api/account', {
      token: B.token,
      body: { password: B.password, confirmation: 'DELETE' },
    });
    expect(res).toMatchObject({
      status: 409,
      body: { balance: '0.00', pending_amount: '300.00', open_withdrawals: 0, open_slips: 1 },
    });
    expect(
      (
        await t.request('DELETE', '/api/account', {
          token: B.token,
          body: { password: B.password, confirmation: 'delete' },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await t.request('DELETE', '/api/account', {
          token: B.token,
          body: { password: 'wrong-pass', confirmation: 'DELETE' },
        })
      ).status,
    ).toBe(400);
    expect((await t.request('DELETE', '/api/account', { token: B.token })).status).toBe(400);
  });

  it('closes an account: nothing personal left, money, ledger and records unchanged, idempotent', async () => {
    const ledgerBefore = await sql(t.db.url, `SELECT * FROM ledger_entry ORDER BY id`);
    const recordsBefore = await sql(t.db.url, `SELECT * FROM record_tipster ORDER BY user_id`);
    const slipsBefore = await sql(t.db.url, `SELECT * FROM slip ORDER BY id`);
    const avatarPath = join(t.storageDir, 'avatars', aAvatar);
    expect(existsSync(avatarPath)).toBe(true);

    const res = await t.request('DELETE', '/api/account', {
      token: A.token,
      body: { password: A.password, confirmation: 'DELETE' },
    });
    expect(res).toMatchObject({
      status: 200,
      body: {
        message: 'Your account is closed',
        shown_as: 'deleted tipster',
        unclaimed_balance: '260.00',
      },
    });
    // The token that closed the account is refused from now on (R264); the closing itself is
    // idempotent (a token the closing did not see, e.g. while Redis was away, gets the same answer).
    expect((await t.request('DELETE', '/api/account', { token: A.token, body: {} })).status).toBe(
      401,
    );
    expect(await t.get(AccountClosingService).close(A.user.id, undefined, undefined)).toMatchObject(
      {
        message: 'Your account is closed',
        unclaimed_balance: '260.00',
      },
    );

    expect(existsSync(avatarPath)).toBe(false);
    expect(await sql(t.db.url, `SELECT * FROM ledger_entry ORDER BY id`)).toEqual(ledgerBefore);
    expect(await sql(t.db.url, `SELECT * FROM record_tipster ORDER BY user_id`)).toEqual(
      recordsBefore,
    );
    expect(await sql(t.db.url, `SELECT * FROM slip ORDER BY id`)).toEqual(slipsBefore);
    await expectMoneyInvariants(t.ds);

    const doc = await documentOf(A.user.id);
    const text = JSON.stringify(doc);
    for (const former of [
      A.user.username,
      A.user.email,
      A.user.msisdn!,
      A.user.phoneNumber!,
      'Amani',
      'Kisumu',
      aAvatar,
    ]) {
      expect({ former, found: text.includes(former) }).toEqual({ former, found: false });
    }
    expect(doc.profile).toMatchObject({
      username: 'deleted tipster',
      phone_number: null,
      msisdn: null,
      name: '',
      city: '',
      avatar_file: null,
    });
    for (const gone of [
      'sessions',
      'credentials',
      'consents',
      'sms',
      'emails',
      'purchases',
      'rg_limits',
    ])
      expect({ gone, rows: doc[gone] }).toEqual({ gone, rows: [] });
    expect(doc.slips).toHaveLength(2);
    expect(doc.withdrawals[0].phone_number).toBe('erased');
    // B's rows are untouched.
    expect(
      await sql(t.db.url, `SELECT count(*)::int AS n FROM email_outbox WHERE to_address = $1`, [
        B.user.email,
      ]),
    ).toEqual([{ n: 1 }]);
  });

  it('an erased account cannot log in or refresh, has no profile, and its username waits 30 days', async () => {
    expect(
      (
        await t.request('POST', '/api/account/email-login', {
          body: { email: A.user.email, password: A.password },
        })
      ).status,
    ).toBe(401);
    expect(
      (await t.request('POST', '/api/account/token/refresh', { body: { refresh: A.refresh } }))
        .status,
    ).toBe(401);
    expect((await t.request('GET', '/api/account/profile', { token: A.token })).status).toBe(401);
    expect((await t.request('GET', `/api/account/profile/${A.user.username}`)).status).toBe(404);
    expect((await t.request('GET', '/api/account/profile/deleted%20tipster')).status).toBe(404);
    const again = {
      username: 'Amani_Private',
      email: 'amani.new@example.com',
      phone_number: '0711444009',
      password: 'pass-word-123',
    };
    const refused = await t.request('POST', '/api/account/register', { body: again });
    expect(refused).toMatchObject({ status: 400, body: { username: [expect.any(String)] } });
    advanceClock(t, 31 * 24 * 3_600_000);
    expect((await t.request('POST', '/api/account/register', { body: again })).status).toBe(201);
    pinClock(t, NOW);
  });

  it('rate limits password proofs per user', async () => {
    const answers: number[] = [];
    for (let i = 0; i < 6; i++)
      answers.push(
        (
          await t.request('POST', '/api/account/reauth', {
            token: B.token,
            body: { password: 'wrong' },
          })
        ).status,
      );
    expect(answers.slice(0, 5).every((s) => s === 400)).toBe(true);
    expect(answers[5]).toBe(429);
  });
});
