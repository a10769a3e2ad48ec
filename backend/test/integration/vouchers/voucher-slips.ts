import { createUser } from '../../factories/account';
import { publishSlip, setOdd, TippableGame, tippableGames } from '../../factories/slip';
import { sql } from '../../setup/test-db';
import type { TestContext } from '../../setup/test-app';

const HOUR = 3600_000;

/** The market of `g` that lost in the real result: UNDER 2.5 (5) when 3+ goals, else OVER 2.5 (4). */
export const losingMarket = (g: TippableGame): number => (g.homeGoals + g.awayGoals > 2 ? 5 : 4);

/** The slips a voucher test sells (docs/PRODUCT-RULES.md R240-R249). */
export interface VoucherSlips {
  /** Ksh 150, money-back, every leg on the market that lost: settles L. */
  moneyBackSlip: number;
  moneyBackTipster: { user: { id: number }; token: string };
  /** Ksh 50, its games' results removed: void 48 h after the last kick-off. */
  voidSlip: number;
  /** Past the void window of `voidSlip` (data time, ms): pin the clock here to settle both. */
  voidDecidedAt: number;
  /** Games kicking off a day after `voidDecidedAt` or later (at least 6), odds 2.00 on HOME WIN: slips still on sale then. */
  later: TippableGame[];
}

/**
 * Publishes the money-back and void slips of a voucher test among the tippable games after
 * `dataNow` (the replay's data time), as tipsters named `<prefix>_<n>`.
 */
export const publishVoucherSlips = async (
  t: TestContext,
  dataNow: Date,
  newTipster: () => Promise<{ user: { id: number }; token: string }>,
): Promise<VoucherSlips> => {
  const games = await tippableGames(t.ds, dataNow, 60);
  const mb = games.slice(0, 3);
  const vd = games.slice(3, 6);
  const voidDecidedAt = vd[2].kickoff.getTime() + 49 * HOUR;
  const later = games.filter((g) => g.kickoff.getTime() > voidDecidedAt + 24 * HOUR);
  if (later.length < 6) throw new Error(`only ${later.length} games after the void window`);
  for (const g of mb) await setOdd(t.ds, g.id, losingMarket(g), '2.00');
  for (const g of [...vd, ...later.slice(0, 6)]) await setOdd(t.ds, g.id, 1, '2.00');
  const moneyBackTipster = await newTipster();
  const created = await t.request<any>('POST', '/api/slip/create', {
    token: moneyBackTipster.token,
    body: {
      tips: mb.map((g) => ({ game: g.id, market: losingMarket(g) })),
      amount: 150,
      money_back: true,
    },
  });
  if (created.status !== 201) throw new Error(`money-back slip: ${JSON.stringify(created.body)}`);
  const voidSlip = (await publishSlip(t, (await newTipster()).user.id, vd, { amount: 50 })).id;
  for (const g of vd) {
    await t.ds.query(
      `UPDATE fixture SET result_ft_home = NULL, result_ft_away = NULL, result_ht_home = NULL, result_ht_away = NULL WHERE id = $1`,
      [g.id],
    );
  }
  return { moneyBackSlip: created.body.id, moneyBackTipster, voidSlip, voidDecidedAt, later };
};

/** A tipster factory for `publishVoucherSlips`: users `<prefix>_1`, `<prefix>_2`, … */
export const tipsterFactory = (t: () => TestContext, prefix: string) => {
  let n = 0;
  return () => createUser(t().ds, { username: `${prefix}_${++n}` });
};

/** What a refused voucher must leave as it was: the vouchers, the paid purchases, the ledger's size. */
export const spentState = async (dbUrl: string) => ({
  vouchers: await sql(dbUrl, `SELECT id, status, redeemed_by_purchase_id FROM voucher ORDER BY id`),
  paid: (
    await sql<{ n: number }>(dbUrl, `SELECT count(*)::int AS n FROM purchase WHERE status = 'paid'`)
  )[0].n,
  ledger: (await sql<{ n: number }>(dbUrl, `SELECT count(*)::int AS n FROM ledger_entry`))[0].n,
});
