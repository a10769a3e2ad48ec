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
 * - vouchers (docs/PRODUCT-RULES.md R241-R246): every voucher has one `voucher_issued` row of its
 *   Ksh value; an issued one no other row; a redeemed one one `voucher_redeemed` row of −its value
 *   for the paid `voucher` purchase it paid, whose price plus the change voucher it left is that
 *   value; an expired one one `voucher_expired` row of −its value; a refund voucher is of the
 *   price paid for a paid slip purchase whose tipster share is unpaid (U) and reversed once
 *   (`sale_share_reversal` of the share, platform account), and every reversal has its refund
 *   voucher; Σ voucher account = Σ Ksh value of the vouchers still issued;
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

  const sales: {
    id: string;
    kind: string;
    status: string;
    amount: string;
    currency: string;
    price_ksh: string | null;
    share: string | null;
    shares: number;
    fee: string | null;
    fees: number;
    sub: string | null;
    subs: number;
    share_user: number | null;
    tipster: number | null;
  }[] = await em.query(
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
      if (p.shares !== 1 || p.fees !== 1)
        violations.push(
          `purchase ${p.id}: ${p.shares} sale_share and ${p.fees} platform_fee rows, expected 1 and 1`,
        );
      else {
        if (!m(p.share).equals(share))
          violations.push(
            `purchase ${p.id}: share ${p.share}, expected ${share.toDecimal()} (60% of ${base.toDecimal()})`,
          );
        if (!m(p.share).add(m(p.fee)).equals(base))
          violations.push(
            `purchase ${p.id}: share ${p.share} + fee ${p.fee} is not ${base.toDecimal()}`,
          );
        if (p.tipster !== null && p.share_user !== p.tipster)
          violations.push(
            `purchase ${p.id}: share credited to user ${p.share_user}, the slip's tipster is ${p.tipster}`,
          );
      }
      if (p.subs) violations.push(`purchase ${p.id}: a slip sale with a subscription_sale row`);
    } else if (paid && p.kind === 'subscription') {
      if (p.subs !== 1 || !m(p.sub).equals(m(p.amount)))
        violations.push(
          `purchase ${p.id}: subscription_sale rows ${p.subs} of ${p.sub}, expected one of ${p.amount}`,
        );
      if (p.shares || p.fees)
        violations.push(`purchase ${p.id}: a subscription with a tipster share or platform fee`);
    } else if (p.shares || p.fees || p.subs) {
      violations.push(`purchase ${p.id} (${p.kind}, ${p.status}): has sale ledger rows`);
    }
  }
  if (!sharesTotal.equals(expectedSharesTotal))
    violations.push(
      `Σ tipster shares ${sharesTotal.toDecimal()} ≠ 60% of paid sales ${expectedSharesTotal.toDecimal()}`,
    );

  const orphans: { id: string; kind: string }[] = await em.query(
    `SELECT id::text, kind FROM ledger_entry WHERE (kind = ANY($1) AND purchase_id IS NULL) OR (kind = ANY($2) AND withdrawal_id IS NULL) OR (kind = ANY($4) AND voucher_id IS NULL) OR NOT (kind = ANY($3))`,
    [
      [
        LEDGER_KIND.SALE_SHARE,
        LEDGER_KIND.PLATFORM_FEE,
        LEDGER_KIND.SUBSCRIPTION_SALE,
        LEDGER_KIND.SALE_SHARE_REVERSAL,
        LEDGER_KIND.VOUCHER_REDEEMED,
      ],
      [LEDGER_KIND.WITHDRAWAL, LEDGER_KIND.WITHDRAWAL_REVERSAL],
      Object.values(LEDGER_KIND),
      [LEDGER_KIND.VOUCHER_ISSUED, LEDGER_KIND.VOUCHER_REDEEMED, LEDGER_KIND.VOUCHER_EXPIRED],
    ],
  );
  for (const o of orphans)
    violations.push(
      `ledger row ${o.id}: kind ${o.kind} without its purchase / withdrawal, or unknown`,
    );

  violations.push(...(await voucherViolations(em)));

  const withdrawals: {
    id: string;
    user_id: number;
    status: string;
    amount: string;
    total_paid: string;
    debit: string | null;
    debits: number;
    back: string | null;
    backs: number;
    debit_user: number | null;
  }[] = await em.query(
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
    if (w.debits !== 1 || !m(w.debit).equals(Money.ZERO.sub(amount)))
      violations.push(
        `withdrawal ${w.id}: ${w.debits} withdrawal rows of ${w.debit}, expected one of -${w.amount}`,
      );
    if (w.debit_user !== null && w.debit_user !== w.user_id)
      violations.push(
        `withdrawal ${w.id}: ledger rows of user ${w.debit_user}, the withdrawal is user ${w.user_id}'s`,
      );
    const giveBack =
      w.status === 'F' || w.status === 'R' || w.status === 'W' ? amount.sub(paid) : Money.ZERO;
    const expectedBacks = giveBack.isZero() ? 0 : 1;
    if (w.backs !== expectedBacks || !m(w.back).equals(giveBack))
      violations.push(
        `withdrawal ${w.id} (${w.status}): ${w.backs} reversal rows of ${w.back}, expected ${expectedBacks} of ${giveBack.toDecimal()}`,
      );
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
    if (!balance.equals(expected))
      violations.push(
        `user ${t.user_id}: balance ${balance.toDecimal()}, expected paid shares ${t.earned} − withdrawn ${(withdrawn.get(t.user_id) ?? Money.ZERO).toDecimal()}`,
      );
    if (balance.lt(Money.ZERO))
      violations.push(`user ${t.user_id}: balance ${balance.toDecimal()} below zero`);
  }
  return violations;
};

/** The voucher invariants (docs/PRODUCT-RULES.md R241-R246) in the snapshot of `em`. */
const voucherViolations = async (em: EntityManager): Promise<string[]> => {
  const violations: string[] = [];
  const m = (text: string | null): Money => Money.parse(text ?? '0');
  const vouchers: {
    id: string;
    status: string;
    reason: string;
    amount: string;
    currency: string;
    amount_ksh: string;
    source: string;
    redeemed_by: string | null;
    issued: string | null;
    issueds: number;
    redeemed: string | null;
    redeemeds: number;
    redeemed_for: string | null;
    expired: string | null;
    expireds: number;
    src_kind: string | null;
    src_status: string | null;
    src_amount: string | null;
    src_currency: string | null;
    src_amount_ksh: string | null;
    share: string | null;
    share_status: string | null;
    reversal: string | null;
    reversals: number;
    reversal_account: string | null;
    by_status: string | null;
    by_provider: string | null;
    by_amount: string | null;
    change: string | null;
  }[] = await em.query(
    `SELECT v.id::text, v.status, v.reason, v.amount::text, v.currency, v.amount_ksh::text, v.source_purchase_id::text AS source, v.redeemed_by_purchase_id::text AS redeemed_by,
            (SELECT sum(amount)::text FROM ledger_entry WHERE voucher_id = v.id AND kind = $1) AS issued,
            (SELECT count(*)::int FROM ledger_entry WHERE voucher_id = v.id AND kind = $1) AS issueds,
            (SELECT sum(amount)::text FROM ledger_entry WHERE voucher_id = v.id AND kind = $2) AS redeemed,
            (SELECT count(*)::int FROM ledger_entry WHERE voucher_id = v.id AND kind = $2) AS redeemeds,
            (SELECT min(purchase_id)::text FROM ledger_entry WHERE voucher_id = v.id AND kind = $2) AS redeemed_for,
            (SELECT sum(amount)::text FROM ledger_entry WHERE voucher_id = v.id AND kind = $3) AS expired,
            (SELECT count(*)::int FROM ledger_entry WHERE voucher_id = v.id AND kind = $3) AS expireds,
            src.kind AS src_kind, src.status AS src_status, src.amount::text AS src_amount, src.currency AS src_currency, src.amount_ksh::text AS src_amount_ksh,
            (SELECT amount::text FROM ledger_entry WHERE purchase_id = v.source_purchase_id AND kind = $4) AS share,
            (SELECT status FROM ledger_entry WHERE purchase_id = v.source_purchase_id AND kind = $4) AS share_status,
            (SELECT sum(amount)::text FROM ledger_entry WHERE purchase_id = v.source_purchase_id AND kind = $5) AS reversal,
            (SELECT count(*)::int FROM ledger_entry WHERE purchase_id = v.source_purchase_id AND kind = $5) AS reversals,
            (SELECT min(account) FROM ledger_entry WHERE purchase_id = v.source_purchase_id AND kind = $5) AS reversal_account,
            rp.status AS by_status, rp.provider AS by_provider, rp.amount::text AS by_amount,
            (SELECT amount_ksh::text FROM voucher c WHERE c.source_purchase_id = v.redeemed_by_purchase_id AND c.reason = 'change') AS change
       FROM voucher v JOIN purchase src ON src.id = v.source_purchase_id LEFT JOIN purchase rp ON rp.id = v.redeemed_by_purchase_id
      ORDER BY v.id`,
    [
      LEDGER_KIND.VOUCHER_ISSUED,
      LEDGER_KIND.VOUCHER_REDEEMED,
      LEDGER_KIND.VOUCHER_EXPIRED,
      LEDGER_KIND.SALE_SHARE,
      LEDGER_KIND.SALE_SHARE_REVERSAL,
    ],
  );
  let outstanding = Money.ZERO;
  for (const v of vouchers) {
    const value = m(v.amount_ksh);
    const tag = `voucher ${v.id} (${v.reason}, ${v.status})`;
    if (v.issueds !== 1 || !m(v.issued).equals(value))
      violations.push(
        `${tag}: ${v.issueds} voucher_issued rows of ${v.issued}, expected one of ${v.amount_ksh}`,
      );
    if (v.status === 'issued') {
      outstanding = outstanding.add(value);
      if (v.redeemeds || v.expireds)
        violations.push(`${tag}: redeemed or expired ledger rows while still issued`);
    } else if (v.status === 'redeemed') {
      if (
        v.redeemeds !== 1 ||
        !m(v.redeemed).equals(Money.ZERO.sub(value)) ||
        v.redeemed_for !== v.redeemed_by
      )
        violations.push(
          `${tag}: ${v.redeemeds} voucher_redeemed rows of ${v.redeemed} for purchase ${v.redeemed_for}, expected one of -${v.amount_ksh} for ${v.redeemed_by}`,
        );
      if (v.by_status !== 'paid' || v.by_provider !== 'voucher')
        violations.push(
          `${tag}: paid purchase ${v.redeemed_by} is ${v.by_status} by ${v.by_provider}`,
        );
      else if (!m(v.by_amount).add(m(v.change)).equals(value))
        violations.push(
          `${tag}: price ${v.by_amount} + change ${v.change ?? '0'} is not ${v.amount_ksh}`,
        );
      if (v.expireds) violations.push(`${tag}: a voucher_expired row`);
    } else if (v.expireds !== 1 || !m(v.expired).equals(Money.ZERO.sub(value)) || v.redeemeds) {
      violations.push(
        `${tag}: ${v.expireds} voucher_expired rows of ${v.expired} and ${v.redeemeds} redemptions, expected one of -${v.amount_ksh}`,
      );
    }
    if (v.reason !== 'change') {
      const base = v.src_currency === 'KES' ? m(v.src_amount) : m(v.src_amount_ksh);
      if (v.src_kind !== 'slip' || v.src_status !== 'paid')
        violations.push(
          `${tag}: refunds purchase ${v.source} (${v.src_kind}, ${v.src_status}), not a paid slip sale`,
        );
      if (
        !m(v.amount).equals(m(v.src_amount)) ||
        v.currency !== v.src_currency ||
        !value.equals(base)
      )
        violations.push(
          `${tag}: ${v.amount} ${v.currency} (Ksh ${v.amount_ksh}) is not the price paid ${v.src_amount} ${v.src_currency} (Ksh ${base.toDecimal()})`,
        );
      if (v.share_status !== 'U')
        violations.push(
          `${tag}: the refunded sale's tipster share is ${v.share_status ?? 'missing'}, expected U (never available)`,
        );
      if (
        v.reversals !== 1 ||
        !m(v.reversal).equals(m(v.share)) ||
        v.reversal_account !== 'platform'
      )
        violations.push(
          `${tag}: ${v.reversals} sale_share_reversal rows of ${v.reversal} (${v.reversal_account}), expected one of the share ${v.share} on the platform account`,
        );
    }
  }
  const unrefunded: { purchase_id: string }[] = await em.query(
    `SELECT l.purchase_id::text FROM ledger_entry l WHERE l.kind = $1
        AND NOT EXISTS (SELECT 1 FROM voucher v WHERE v.source_purchase_id = l.purchase_id AND v.reason <> 'change')`,
    [LEDGER_KIND.SALE_SHARE_REVERSAL],
  );
  for (const r of unrefunded)
    violations.push(`purchase ${r.purchase_id}: a sale_share_reversal without its refund voucher`);
  const unpaidBy: { id: string }[] = await em.query(
    `SELECT p.id::text FROM purchase p WHERE p.provider = 'voucher' AND p.status = 'paid'
        AND (SELECT count(*) FROM voucher v WHERE v.redeemed_by_purchase_id = p.id) <> 1`,
  );
  for (const p of unpaidBy)
    violations.push(
      `purchase ${p.id}: paid by voucher without exactly one voucher redeemed for it`,
    );
  const [account] = await em.query(
    `SELECT COALESCE(sum(amount), 0)::text AS total FROM ledger_entry WHERE account = 'voucher'`,
  );
  if (!m(account.total).equals(outstanding))
    violations.push(
      `Σ voucher account ${account.total} ≠ Σ vouchers still issued ${outstanding.toDecimal()}`,
    );
  return violations;
};
