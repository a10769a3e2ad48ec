import { Money } from '../../../common/money/money';
import type { StkOutcome } from '../../../providers/daraja/daraja.types';
import type { PurchaseStatus } from '../entities/purchase.entity';

/** What a provider result does to a pending purchase. */
export type PaymentDecision =
  | { action: 'pay' }
  | { action: 'flag'; reason: string }
  | { action: 'close'; status: Exclude<PurchaseStatus, 'pending' | 'paid'> };

/**
 * Decides on an M-Pesa result for a pending purchase (docs/PROVIDERS.md §1.4, §1.10): paid only
 * when ResultCode is 0 and the amount equals what we asked (when the provider sent one; the STK
 * query sends none); another amount is flagged for review and not credited; 1032 → cancelled,
 * 1037 → timeout, any other code → failed.
 */
export const decideMpesa = (
  outcome: StkOutcome,
  expected: Money,
  paid: Money | null,
): PaymentDecision => {
  if (outcome === 'paid') {
    if (paid && !paid.equals(expected))
      return {
        action: 'flag',
        reason: `amount mismatch: paid ${paid.toDecimal()}, expected ${expected.toDecimal()}`,
      };
    return { action: 'pay' };
  }
  return { action: 'close', status: outcome };
};
