import { Money } from '../../../common/money/money';

/** A float report older than this does not hold a payout (docs/PRODUCT-RULES.md R195), in ms. */
export const FLOAT_REPORT_FRESH_MS = 30 * 60_000;

/**
 * Whether a payout of `amount` (Ksh) may be sent now, given the last B2C float report
 * (docs/PRODUCT-RULES.md R195): held only when a report at most FLOAT_REPORT_FRESH_MS old
 * (measured at `now`) says the Utility Account's available balance is below `amount`; released
 * when there is no report or only a stale one (Daraja then refuses an uncovered payment itself,
 * ResultCode 1, and the withdrawal's amount goes back to the balance). Pure.
 */
export const floatDecision = (
  report: { utilityAvailable: Money; reportedAt: Date } | null,
  amount: Money,
  now: Date,
): 'release' | 'hold' => {
  if (!report) return 'release';
  if (now.getTime() - report.reportedAt.getTime() > FLOAT_REPORT_FRESH_MS) return 'release';
  return report.utilityAvailable.lt(amount) ? 'hold' : 'release';
};
