import { createUser, CreatedUser } from '../../factories/account';
import { dataDirWith, importFixtures, startReplay } from '../../factories/fixtures';
import { publishSlip, setOdd, TippableGame, tippableGames } from '../../factories/slip';
import { createTestContext, TestContext } from '../../setup/test-app';
import { eventually } from '../processor/support';

const DATA_NOW = new Date('2026-04-20T12:00:00+03:00');

/** A paid purchase as a buyer knows it (the secrets find-slip takes). */
export interface SeededSale {
  purchaseId: number;
  phone?: string;
  msisdn?: string;
  email?: string;
  code: string;
  receipt?: string;
  txRef?: string;
}

/** What seedMarketplace made: accounts of every role, slips in every state, sales and a subscription. */
export interface Marketplace {
  t: TestContext;
  admin: CreatedUser;
  /** Tipster A: owns `slips.sold`, `slips.unsold`, a sale share, a withdrawal. */
  tipster: CreatedUser;
  /** Tipster B: owns `slips.premium`, `slips.otherUnsold`. */
  otherTipster: CreatedUser;
  /** Tipster C: owns the settled slip. */
  settledTipster: CreatedUser;
  /** A logged-in account that never published. */
  user: CreatedUser;
  banned: CreatedUser;
  games: TippableGame[];
  slips: { sold: number; unsold: number; premium: number; otherUnsold: number; settled: number };
  /** Slips whose picks are secret to visitors (not settled). */
  openSlips: number[];
  sales: { mpesa: SeededSale; flutterwave: SeededSale; subscription: SeededSale };
  /** Tipster A's pending withdrawal and sale-share ledger row. */
  withdrawalId: number;
  earningId: number;
  post: { id: number; slug: string };
  close(): Promise<void>;
}

/**
 * A small live marketplace for the abuse tests: the app (api + worker, listening, sandboxes with
 * auto-accepted STK prompts) on one replayed league file, five accounts, five slips (sold, unsold,
 * premium, another tipster's, settled), an M-Pesa sale, a Flutterwave (NGN) sale and a silver
 * subscription paid through the provider sandboxes, tipster A's pending withdrawal, a blog post.
 */
export const seedMarketplace = async (env: Record<string, string> = {}): Promise<Marketplace> => {
  const data = dataDirWith(['E0-2025-26.csv']);
  const t = await createTestContext({
    role: 'all',
    listen: true,
    env: {
      FOOTBALL_DATA_DIR: data.dir,
      REPLAY_ANCHOR: '2026-04-20',
      SANDBOX_AUTO_ACCEPT: '1',
      SANDBOX_AT_REPORT_DELAY_MS: '50',
      ...env,
    },
  });
  try {
    await startReplay(t);
    await importFixtures(t);
    const games = await tippableGames(t.ds, DATA_NOW, 15);
    if (games.length < 15) throw new Error(`only ${games.length} tippable games`);
    for (const g of games) await setOdd(t.ds, g.id, 1, '2.00');

    const admin = await createUser(t.ds, {
      role: 'admin',
      username: 'ops_admin',
      email: 'ops.admin.private@example.com',
      phoneNumber: '0711000001',
    });
    const tipster = await createUser(t.ds, {
      role: 'tipster',
      username: 'amani_tips',
      email: 'amani.private@example.com',
      phoneNumber: '0711000002',
    });
    const otherTipster = await createUser(t.ds, {
      role: 'tipster',
      username: 'baraka_tips',
      email: 'baraka.private@example.com',
      phoneNumber: '0711000003',
    });
    const settledTipster = await createUser(t.ds, {
      role: 'tipster',
      username: 'chebet_tips',
      email: 'chebet.private@example.com',
      phoneNumber: '0711000004',
    });
    const user = await createUser(t.ds, {
      username: 'wanjiru_user',
      email: 'wanjiru.private@example.com',
      phoneNumber: '0711000005',
    });
    const banned = await createUser(t.ds, {
      username: 'banned_user',
      email: 'banned.private@example.com',
      phoneNumber: '0711000006',
      banned: true,
    });

    const slips = {
      sold: (await publishSlip(t, tipster.user.id, games.slice(0, 3), { amount: 200 })).id,
      unsold: (await publishSlip(t, tipster.user.id, games.slice(3, 6), { amount: 150 })).id,
      premium: (await publishSlip(t, otherTipster.user.id, games.slice(6, 9), { amount: 300 })).id,
      otherUnsold: (await publishSlip(t, otherTipster.user.id, games.slice(9, 12), { amount: 100 }))
        .id,
      settled: (await publishSlip(t, settledTipster.user.id, games.slice(12, 15), { amount: 100 }))
        .id,
    };
    await t.ds.query(`UPDATE tip SET result = 'W' WHERE slip_id = $1`, [slips.settled]);
    await t.ds.query(`UPDATE slip SET slip_result = 'W', settled_at = now() WHERE id = $1`, [
      slips.settled,
    ]);
    const premium = await t.request('PUT', `/api/backoffice/premium-slips/${slips.premium}`, {
      token: admin.token,
      body: { premium: true },
    });
    if (premium.status !== 200) throw new Error(`premium: ${premium.status} ${premium.text}`);

    const paid = (where: string, value: string) =>
      eventually(
        async () => {
          const [p] = await t.ds.query(
            `SELECT * FROM purchase WHERE ${where} = $1 AND status = 'paid'`,
            [value],
          );
          return p;
        },
        { timeoutMs: 30_000 },
      );

    // M-Pesa sale of A's slip (STK auto-accepted by the Daraja sandbox, paid by the worker).
    const buy = await t.request('POST', '/api/processor/buy', {
      body: { phone: '0722000101', slip: slips.sold },
    });
    if (buy.status !== 200) throw new Error(`buy: ${buy.status} ${buy.text}`);
    const mp = await paid('phone', '254722000101');
    // Flutterwave (Nigeria) sale of the same slip: hosted checkout paid in the sandbox, webhook + verify.
    const ng = await t.request('POST', '/api/processor/buy-flw', {
      body: { email: 'ade.buyer.private@example.ng', slip_id: slips.sold },
    });
    if (ng.status !== 200) throw new Error(`buy-flw: ${ng.status} ${ng.text}`);
    const checkoutToken = String(ng.body.link).split('/pay/')[1];
    await t.request('POST', `/sandbox/flutterwave/pay/${checkoutToken}/pay`);
    const fw = await paid('email', 'ade.buyer.private@example.ng');
    // A silver subscription.
    const sub = await t.request('POST', '/api/processor/subscribe', {
      body: { phone: '0722000202', type: 'silver', days: 30 },
    });
    if (sub.status !== 200) throw new Error(`subscribe: ${sub.status} ${sub.text}`);
    const sp = await paid('phone', '254722000202');
    await eventually(
      async () =>
        (await t.ds.query(`SELECT 1 FROM subscription WHERE phone = '254722000202'`)).length > 0,
      { timeoutMs: 30_000 },
    );

    // Tipster A: a settled (paid-out-able) share, then a withdrawal request of the balance.
    const [share] = await t.ds.query(
      `INSERT INTO purchase (kind, slip_id, phone, amount, provider, code, status, receipt, paid_at)
       VALUES ('slip', $1, '254722000303', 1000, 'mpesa', 'SHRCODE01', 'paid', 'TKSHARE001', now()) RETURNING id`,
      [slips.sold],
    );
    const [ledger] = await t.ds.query(
      `INSERT INTO ledger_entry (user_id, account, kind, amount, status, purchase_id) VALUES ($1, 'tipster', 'sale_share', 600, 'P', $2) RETURNING id`,
      [tipster.user.id, share.id],
    );
    const withdraw = await t.request('POST', '/api/finance/withdraw_request', {
      token: tipster.token,
      body: { phone_number: '0799000111' },
    });
    if (withdraw.status !== 200) throw new Error(`withdraw: ${withdraw.status} ${withdraw.text}`);

    const post = await t.request('POST', '/api/backoffice/posts', {
      token: admin.token,
      body: {
        title: 'How accumulators pay',
        content: '<p>Decimal odds multiply.</p>',
        overview: 'Odds explained.',
        published: true,
      },
    });
    if (post.status !== 201) throw new Error(`post: ${post.status} ${post.text}`);

    return {
      t,
      admin,
      tipster,
      otherTipster,
      settledTipster,
      user,
      banned,
      games,
      slips,
      openSlips: [slips.sold, slips.unsold, slips.premium, slips.otherUnsold],
      sales: {
        mpesa: {
          purchaseId: Number(mp.id),
          phone: '0722000101',
          msisdn: '254722000101',
          code: mp.code,
          receipt: mp.receipt,
        },
        flutterwave: {
          purchaseId: Number(fw.id),
          email: 'ade.buyer.private@example.ng',
          code: fw.code,
          txRef: fw.tx_ref,
        },
        subscription: {
          purchaseId: Number(sp.id),
          phone: '0722000202',
          msisdn: '254722000202',
          code: sp.code,
          receipt: sp.receipt,
        },
      },
      withdrawalId: Number(withdraw.body.withdrawal.id),
      earningId: Number(ledger.id),
      post: { id: Number(post.body.id), slug: String(post.body.slug) },
      async close() {
        await t.close();
        data.remove();
      },
    };
  } catch (err) {
    await t.close();
    data.remove();
    throw err;
  }
};
