import { DataSource, EntityManager } from 'typeorm';
import { Money } from '../../src/common/money/money';
import { LEDGER_KIND, TIPSTER_SHARE_PERCENT } from '../../src/modules/ledger/ledger.constants';
import { LedgerRepository } from '../../src/modules/ledger/ledger.repository';
import { LedgerService } from '../../src/modules/ledger/ledger.service';

/**
 * The money invariants (docs/PRODUCT-RULES.md "Money", "Withdrawals"), checked over the whole
 * database after a money scenario. Every amount is compared as Money (integer cents), never as a
 * float. Fails listing every violation:
 *
 * - every paid slip purchase has exactly one tipster `sale_share` row and one `platform_fee` row;
 *   the share is 60% (rounded half up to the cent) of the sale's Ksh amount (the purchase amount,
 *   or the slip's Ksh price for an NGN / UGX sale) and share + fee is that amount; so Σ tipster
 *   shares = Σ 60% of paid slip sales;
 * - a paid subscription has one `subscription_sale` row of its amount and no tipster share;
 * - no share, fee or subscription row belongs to a purchase that is not paid, or of another kind;
 * - every withdrawal has one `withdrawal` row of −amount, and a `withdrawal_reversal` row of
 *   amount − total_paid exactly when it failed (F), was rejected (R) or was paid only in part (W);
 * - each tipster's balance, as the application computes it (LedgerService.balance), equals
 *   Σ paid (P) shares − Σ withdrawals not failed (pending P: the amount; paid W: what was paid;
 *   F / R: nothing), and is never below zero.
 */
export const expectMoneyInvariants = async (ds: DataSource): Promise<void> => {
  // One snapshot for every query: work still running in the background (a callback, a payout)
  // commits whole transactions, so any snapshot must satisfy the invariants.
  const violations = await ds.transaction('REPEATABLE READ', (em) => moneyViolations(em));
  expect(violations).toEqual([]);
};

/** The invariants broken in the snapshot of `em`, one sentence each. */
const moneyViolations = async (em: EntityManager): Promise<string[]> => {
  const violations: string[] = [];
  const m = (text: string | null): Money => Money.parse(text ?? '0');

  const sales: { id: string; kind: string; status: string; amount: string; currency: string; price_ksh: string | null; share: string | null; shares: number; fee: string | null; fees: number; sub: string | null; subs: number; share_user: number | null; tipster: number | null }[] =
    await em.query(
      `SELECT p.id::text, p.kind, p.status, p.amount::text, p.currency, s.price_ksh::text, s.user_id AS tipster,
              (SELECT sum(amount)::text FROM ledger_entry WHERE purchase_id = p.id AND kind = $1) AS share,
              (SELECT count(*)::int FROM ledger_entry WHERE purchase_id = p.id AND kind = $1) AS shares,
              (SELECT min(user_id) FROM ledger_entry WHERE purchase_id = p.id AND kind = $1) AS share_user,
              (SELECT sum(amount)::text FROM ledger_entry WHERE purchase_id = p.id AND kind = $2) AS fee,
              (SELECT count(*)::int FROM ledger_entry WHERE purchase_id = p.id AND kind = $2) AS fees,
              (SELECT sum(amount)::text FROM ledger_entry WHERE purchase_id = p.id AND kind = $3) AS sub,
              (SELECT count(*)::int FROM ledger_entry WHERE purchase_id = p.id AND kind = $3) AS subs
         FROM purchase p LEFT JOIN slip s ON s.id = p.slip_id AND p.kind = 'slip'
        ORDER BY p.id`,
      [LEDGER_KIND.SALE_SHARE, LEDGER_KIND.PLATFORM_FEE, LEDGER_KIND.SUBSCRIPTION_SALE],
    );
  let sharesTotal = Money.ZERO;
  let expectedSharesTotal = Money.ZERO;
  for (const p of sales) {
    const paid = p.status === 'paid';
    if (paid && p.kind === 'slip') {
      const base = p.currency === 'KES' || p.price_ksh === null ? m(p.amount) : m(p.price_ksh);
      const share = base.percent(TIPSTER_SHARE_PERCENT);
      expectedSharesTotal = expectedSharesTotal.add(share);
      sharesTotal = sharesTotal.add(m(p.share));
      if (p.shares !== 1 || p.fees !== 1) violations.push(`purchase ${p.id}: ${p.shares} sale_share and ${p.fees} platform_fee rows, expected 1 and 1`);
      else {
        if (!m(p.share).equals(share)) violations.push(`purchase ${p.id}: share ${p.share}, expected ${share.toDecimal()} (60% of ${base.toDecimal()})`);
        if (!m(p.share).add(m(p.fee)).equals(base)) violations.push(`purchase ${p.id}: share ${p.share} + fee ${p.fee} is not ${base.toDecimal()}`);
        if (p.tipster !== null && p.share_user !== p.tipster) violations.push(`purchase ${p.id}: share credited to user ${p.share_user}, the slip's tipster is ${p.tipster}`);
      }
      if (p.subs) violations.push(`purchase ${p.id}: a slip sale with a subscription_sale row`);
    } else if (paid && p.kind === 'subscription') {
      if (p.subs !== 1 || !m(p.sub).equals(m(p.amount))) violations.push(`purchase ${p.id}: subscription_sale rows ${p.subs} of ${p.sub}, expected one of ${p.amount}`);
      if (p.shares || p.fees) violations.push(`purchase ${p.id}: a subscription with a tipster share or platform fee`);
    } else if (p.shares || p.fees || p.subs) {
      violations.push(`purchase ${p.id} (${p.kind}, ${p.status}): has sale ledger rows`);
    }
  }
  if (!sharesTotal.equals(expectedSharesTotal)) violations.push(`Σ tipster shares ${sharesTotal.toDecimal()} ≠ 60% of paid sales ${expectedSharesTotal.toDecimal()}`);

  const orphans: { id: string; kind: string }[] = await em.query(
    `SELECT id::text, kind FROM ledger_entry WHERE (kind = ANY($1) AND purchase_id IS NULL) OR (kind = ANY($2) AND withdrawal_id IS NULL) OR NOT (kind = ANY($3))`,
    [
      [LEDGER_KIND.SALE_SHARE, LEDGER_KIND.PLATFORM_FEE, LEDGER_KIND.SUBSCRIPTION_SALE],
      [LEDGER_KIND.WITHDRAWAL, LEDGER_KIND.WITHDRAWAL_REVERSAL],
      Object.values(LEDGER_KIND),
    ],
  );
  for (const o of orphans) violations.push(`ledger row ${o.id}: kind ${o.kind} without its purchase / withdrawal, or unknown`);

  const withdrawals: { id: string; user_id: number; status: string; amount: string; total_paid: string; debit: string | null; debits: number; back: string | null; backs: number; debit_user: number | null }[] =
    await em.query(
      `SELECT w.id::text, w.user_id, w.status, w.amount::text, w.total_paid::text,
              (SELECT sum(amount)::text FROM ledger_entry WHERE withdrawal_id = w.id AND kind = $1) AS debit,
              (SELECT count(*)::int FROM ledger_entry WHERE withdrawal_id = w.id AND kind = $1) AS debits,
              (SELECT min(user_id) FROM ledger_entry WHERE withdrawal_id = w.id) AS debit_user,
              (SELECT sum(amount)::text FROM ledger_entry WHERE withdrawal_id = w.id AND kind = $2) AS back,
              (SELECT count(*)::int FROM ledger_entry WHERE withdrawal_id = w.id AND kind = $2) AS backs
         FROM withdrawal w ORDER BY w.id`,
      [LEDGER_KIND.WITHDRAWAL, LEDGER_KIND.WITHDRAWAL_REVERSAL],
    );
  const withdrawn = new Map<number, Money>();
  for (const w of withdrawals) {
    const amount = m(w.amount);
    const paid = m(w.total_paid);
    if (w.debits !== 1 || !m(w.debit).equals(Money.ZERO.sub(amount))) violations.push(`withdrawal ${w.id}: ${w.debits} withdrawal rows of ${w.debit}, expected one of -${w.amount}`);
    if (w.debit_user !== null && w.debit_user !== w.user_id) violations.push(`withdrawal ${w.id}: ledger rows of user ${w.debit_user}, the withdrawal is user ${w.user_id}'s`);
    const giveBack = w.status === 'F' || w.status === 'R' || w.status === 'W' ? amount.sub(paid) : Money.ZERO;
    const expectedBacks = giveBack.isZero() ? 0 : 1;
    if (w.backs !== expectedBacks || !m(w.back).equals(giveBack)) violations.push(`withdrawal ${w.id} (${w.status}): ${w.backs} reversal rows of ${w.back}, expected ${expectedBacks} of ${giveBack.toDecimal()}`);
    const taken = w.status === 'P' ? amount : w.status === 'W' ? paid : Money.ZERO;
    withdrawn.set(w.user_id, (withdrawn.get(w.user_id) ?? Money.ZERO).add(taken));
  }

  const tipsters: { user_id: number; earned: string }[] = await em.query(
    `SELECT user_id, COALESCE(sum(amount) FILTER (WHERE kind = $1 AND status = 'P'), 0)::text AS earned
       FROM ledger_entry WHERE user_id IS NOT NULL GROUP BY user_id
     UNION SELECT user_id, '0' FROM withdrawal WHERE user_id NOT IN (SELECT user_id FROM ledger_entry WHERE user_id IS NOT NULL)
     ORDER BY user_id`,
    [LEDGER_KIND.SALE_SHARE],
  );
  const ledger = new LedgerService(new LedgerRepository(em.connection));
  for (const t of tipsters) {
    const expected = m(t.earned).sub(withdrawn.get(t.user_id) ?? Money.ZERO);
    const balance = await ledger.balance(t.user_id, em);
    if (!balance.equals(expected)) violations.push(`user ${t.user_id}: balance ${balance.toDecimal()}, expected paid shares ${t.earned} − withdrawn ${(withdrawn.get(t.user_id) ?? Money.ZERO).toDecimal()}`);
    if (balance.lt(Money.ZERO)) violations.push(`user ${t.user_id}: balance ${balance.toDecimal()} below zero`);
  }
  return violations;
};
