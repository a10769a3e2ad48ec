import type { Money } from '../../../common/money/money';
import {
  C2B_ACCEPT,
  C2B_RESULT,
  c2bReject,
  C2bValidationAnswer,
} from '../../../providers/daraja/daraja-c2b';
import type { PurchaseStatus } from '../entities/purchase.entity';
import type { UnmatchedReason } from '../entities/unmatched-payment.entity';

/** A paybill reference as the rules need it: its purchase's state, price and expiry. */
export interface C2bReferenceState {
  purchaseId: string;
  status: PurchaseStatus;
  /** The price bound to the reference (Ksh). */
  amount: Money;
  expiresAt: Date;
  /** The purchase's receipt: the `TransID` that paid it, once paid. */
  receipt: string | null;
  /**
   * The reference's phone has paid for its slip another way meanwhile (STK, another reference, a
   * voucher): it pays nothing more (docs/PRODUCT-RULES.md R284).
   */
  superseded: boolean;
}

/**
 * The answer to a C2B validation request (docs/PRODUCT-RULES.md R201): accepted only for our
 * paybill, a known reference of a pending purchase not expired at `now` and not superseded (R284),
 * and exactly its price.
 */
export const validateC2b = (
  ref: C2bReferenceState | null,
  paid: Money,
  shortCode: string,
  paybill: string,
  now: Date,
): C2bValidationAnswer => {
  if (shortCode !== paybill) return c2bReject(C2B_RESULT.INVALID_SHORTCODE);
  const open = ref && ref.status === 'pending' && !ref.superseded;
  if (!open || now.getTime() > ref.expiresAt.getTime()) {
    return c2bReject(C2B_RESULT.INVALID_ACCOUNT);
  }
  if (!paid.equals(ref.amount)) return c2bReject(C2B_RESULT.INVALID_AMOUNT);
  return C2B_ACCEPT;
};

/** What a C2B confirmation does (docs/PRODUCT-RULES.md R202, R203). */
export type C2bMatch =
  { action: 'pay' } | { action: 'duplicate' } | { action: 'unmatched'; reason: UnmatchedReason };

/**
 * Matches a confirmed payment of `paid` with `transId` to its reference: pay a pending purchase
 * of that price whose reference has not expired at `now`; a purchase already paid by this
 * `transId` is a repeat; anything else, a superseded reference included (R284), is unmatched
 * money for refund.
 */
export const matchC2bConfirmation = (
  ref: C2bReferenceState | null,
  paid: Money,
  transId: string,
  now: Date,
): C2bMatch => {
  if (!ref) return { action: 'unmatched', reason: 'unknown-reference' };
  if (ref.status !== 'pending') {
    return ref.receipt === transId
      ? { action: 'duplicate' }
      : { action: 'unmatched', reason: 'closed-reference' };
  }
  if (ref.superseded) return { action: 'unmatched', reason: 'closed-reference' };
  if (!paid.equals(ref.amount)) return { action: 'unmatched', reason: 'amount-mismatch' };
  if (now.getTime() > ref.expiresAt.getTime())
    return { action: 'unmatched', reason: 'expired-reference' };
  return { action: 'pay' };
};
