import type { PurchaseStatus } from '../../processor/purchase.service';

/**
 * A buyer's history (docs/PRODUCT-RULES.md R161, R163), pure: the status a buyer reads and the
 * page cursor.
 */

/** Purchases per page of GET /api/buyer/purchases. */
export const BUYER_PAGE_SIZE = 20;

/** What a buyer reads as a purchase's status (docs/PRODUCT-RULES.md R163). */
export const BUYER_PURCHASE_STATUSES = ['pending', 'paid', 'failed', 'refunded'] as const;
export type BuyerPurchaseStatus = (typeof BUYER_PURCHASE_STATUSES)[number];

/**
 * A stored purchase status as the buyer reads it (docs/PRODUCT-RULES.md R163): pending as it is;
 * paid, or `refunded` when a voucher refunded it; a failed, cancelled (the buyer declined the
 * prompt) or timed-out payment is `failed`.
 */
export const buyerStatus = (status: PurchaseStatus, refunded = false): BuyerPurchaseStatus => {
  switch (status) {
    case 'pending':
      return 'pending';
    case 'paid':
      return refunded ? 'refunded' : 'paid';
    case 'failed':
    case 'cancelled':
    case 'timeout':
      return 'failed';
  }
};

/**
 * The `before` cursor of a request: absent (undefined or '') → null (the first page); the `next`
 * of a previous page (a purchase id, digits) → that id; anything else → 'invalid'.
 */
export const parseBefore = (input: unknown): string | null | 'invalid' => {
  if (input === undefined || input === '') return null;
  if (typeof input !== 'string' || !/^[1-9]\d{0,17}$/.test(input)) return 'invalid';
  return input;
};
