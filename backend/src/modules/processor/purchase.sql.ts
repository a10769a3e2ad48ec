/**
 * SQL fragments over the processor module's `purchase` table for other modules' hot list queries
 * (docs/ARCHITECTURE.md "Table ownership"): only the owner's code names its table, and a ranking
 * stays one statement (no N+1). Column expressions and parameter placeholders are the caller's SQL
 * text, never user input.
 */

/**
 * A scalar subquery: the paid sales (purchases of kind 'slip', status 'paid') of the slip
 * `slipIdColumn` names, paid (paid_at, else created_at) after `fromParam` and at or before
 * `toParam` (timestamptz expressions), as int. Served by the purchase (slip_id) index.
 */
export const paidSlipSalesSql = (
  slipIdColumn: string,
  fromParam: string,
  toParam: string,
): string =>
  `SELECT count(*)::int FROM purchase p
    WHERE p.slip_id = ${slipIdColumn} AND p.kind = 'slip' AND p.status = 'paid'
      AND coalesce(p.paid_at, p.created_at) > ${fromParam} AND coalesce(p.paid_at, p.created_at) <= ${toParam}`;
