import { Money } from '../../../common/money/money';

/**
 * The instant before which a purchase's phone may be erased on the buyer's request: `months`
 * calendar months before `now` (UTC calendar; docs/PRODUCT-RULES.md R265). The 31st of a month
 * falls back to the last day of the shorter month.
 */
export const retentionCutoff = (now: Date, months: number): Date => {
  const d = new Date(now.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() - months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
};

/** What stands between a tipster and a closed account (docs/PRODUCT-RULES.md R262). */
export interface ClosingState {
  balance: Money;
  pending: Money;
  withdrawable: boolean;
  openWithdrawals: number;
  openSlips: number;
}

/**
 * Whether an account may close now (docs/PRODUCT-RULES.md R262): no slip awaiting settlement (it
 * could still be sold, or pay a share), no pending share, no withdrawal waiting, and a balance
 * below the minimum withdrawal (a larger one must be withdrawn first). Returns null when it may,
 * else the figures the refusal answers with (Ksh as 2-decimal strings).
 */
export const closingRefusal = (s: ClosingState): Record<string, unknown> | null => {
  const blocked = s.openSlips > 0 || !s.pending.isZero() || s.openWithdrawals > 0 || s.withdrawable;
  if (!blocked) return null;
  return {
    balance: s.balance.toDecimal(),
    pending_amount: s.pending.toDecimal(),
    open_withdrawals: s.openWithdrawals,
    open_slips: s.openSlips,
  };
};
