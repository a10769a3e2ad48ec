/**
 * "Every purchase credited once" (docs/PERFORMANCE.md "Payment callbacks", "Mixed-load day"): for
 * the slip purchases a bench made, read from PostgreSQL, each paid purchase has its paid amount
 * equal to its price and an M-Pesa receipt, exactly one sale share (status W, credited to the
 * slip's tipster) and one platform fee (status P), the share is 60% of the price rounded half up to
 * the cent and the fee the rest (Money.percent), shares + fees add up to the sales, no ledger row
 * belongs to an unpaid purchase, and each paid purchase has exactly one buyer SMS (purpose
 * deliver-slip, sent or delivered, carrying the purchase code) and no other deliver-slip message.
 * Used by callbacks.mjs and mixed-day.mjs.
 */

/**
 * Checks the purchases `p` selected by `where` (SQL on alias `p`, with `params`).
 * Returns { purchases, paid, sales, shares, fees, problems: string[] } (sales, shares and fees:
 * Ksh sums as PostgreSQL numeric text) — problems empty when all holds.
 */
export const creditChecks = async (db, where, params = []) => {
  const [row] = (
    await db.query(
      `WITH p AS (SELECT p.* FROM purchase p WHERE ${where}),
            l AS (SELECT l.purchase_id, l.kind, l.status, l.amount, l.user_id FROM ledger_entry l JOIN p ON p.id = l.purchase_id),
            per AS (
              SELECT p.id, p.status, p.amount, p.paid_amount, p.receipt, s.user_id AS tipster,
                     count(*) FILTER (WHERE l.kind = 'sale_share')::int shares,
                     count(*) FILTER (WHERE l.kind = 'platform_fee')::int fees,
                     count(*) FILTER (WHERE l.kind NOT IN ('sale_share', 'platform_fee'))::int other,
                     bool_and(l.kind <> 'sale_share' OR (l.status = 'W' AND l.user_id = s.user_id AND l.amount = round(p.amount * 0.6, 2))) share_right,
                     bool_and(l.kind <> 'platform_fee' OR (l.status = 'P' AND l.amount = p.amount - round(p.amount * 0.6, 2))) fee_right
                FROM p JOIN slip s ON s.id = p.slip_id LEFT JOIN l ON l.purchase_id = p.id
               GROUP BY p.id, p.status, p.amount, p.paid_amount, p.receipt, s.user_id),
            sms AS (
              SELECT p.id,
                     count(o.id) FILTER (WHERE o.status IN ('sent', 'delivered') AND o.body LIKE '%' || p.code || '%')::int n,
                     count(o.id)::int total
                FROM p LEFT JOIN sms_outbox o ON o.to_msisdn = p.phone AND o.purpose = 'deliver-slip'
               GROUP BY p.id),
            sums AS (
              SELECT coalesce(sum(l.amount) FILTER (WHERE l.kind = 'sale_share'), 0) shares,
                     coalesce(sum(l.amount) FILTER (WHERE l.kind = 'platform_fee'), 0) fees
                FROM l)
       SELECT count(*)::int purchases,
              count(*) FILTER (WHERE per.status = 'paid')::int paid,
              count(*) FILTER (WHERE per.status = 'paid' AND (per.shares <> 1 OR per.fees <> 1 OR per.other <> 0))::int paid_wrong_rows,
              count(*) FILTER (WHERE per.status = 'paid' AND NOT (coalesce(per.share_right, false) AND coalesce(per.fee_right, false)))::int paid_wrong_split,
              count(*) FILTER (WHERE per.status <> 'paid' AND per.shares + per.fees + per.other > 0)::int unpaid_with_rows,
              count(*) FILTER (WHERE per.status = 'paid' AND NOT (per.paid_amount IS NOT DISTINCT FROM per.amount AND per.receipt IS NOT NULL))::int paid_wrong_payment,
              count(*) FILTER (WHERE per.status = 'paid' AND sms.n <> 1)::int paid_wrong_sms,
              count(*) FILTER (WHERE per.status = 'paid' AND sms.total <> sms.n)::int paid_extra_sms,
              coalesce(sum(per.amount) FILTER (WHERE per.status = 'paid'), 0)::text sales,
              min(sums.shares)::text shares,
              min(sums.fees)::text fees,
              coalesce(min(sums.shares + sums.fees) = sum(per.amount) FILTER (WHERE per.status = 'paid'), true) sums_right
         FROM per JOIN sms ON sms.id = per.id CROSS JOIN sums`,
      params,
    )
  ).rows;
  const problems = [];
  if (row.paid_wrong_rows)
    problems.push(
      `${row.paid_wrong_rows} paid purchases without exactly one sale share and one platform fee`,
    );
  if (row.paid_wrong_split)
    problems.push(
      `${row.paid_wrong_split} paid purchases whose share is not 60% W to the tipster or fee not the 40% rest P`,
    );
  if (row.unpaid_with_rows)
    problems.push(`${row.unpaid_with_rows} unpaid purchases with ledger rows`);
  if (row.paid_wrong_payment)
    problems.push(
      `${row.paid_wrong_payment} paid purchases whose paid amount is not the price or that have no receipt`,
    );
  if (!row.sums_right)
    problems.push(`shares ${row.shares} + fees ${row.fees} ≠ sales ${row.sales}`);
  if (row.paid_wrong_sms)
    problems.push(`${row.paid_wrong_sms} paid purchases without exactly one buyer SMS sent`);
  if (row.paid_extra_sms)
    problems.push(
      `${row.paid_extra_sms} paid purchases with other deliver-slip messages than their one buyer SMS`,
    );
  return {
    purchases: row.purchases,
    paid: row.paid,
    sales: row.sales,
    shares: row.shares,
    fees: row.fees,
    problems,
  };
};
