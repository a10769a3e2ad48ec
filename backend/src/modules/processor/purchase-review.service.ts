import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { Clock, CLOCK } from '../../common/clock/clock';
import { PurchaseRepository } from './purchase.repository';

/** An admin's review: flag the purchase (`reason`) or clear the flag; `by` is the admin. */
export interface PurchaseReviewInput {
  flagged: boolean;
  reason: string;
  by: string;
}

/**
 * Back-office review of purchases (docs/PRODUCT-RULES.md "Back office"): flags and clears the
 * purchases that need a human. Changes no amount, status or ledger row.
 */
@Injectable()
export class PurchaseReviewService {
  constructor(
    private readonly repo: PurchaseRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /**
   * Flags purchase `id` for review (`review_reason` = `reason`) or clears the flag
   * (`review_reason` null); either way the admin's note, name and time are kept (`review_note`,
   * `reviewed_by`, `reviewed_at`). Inside the caller's transaction (`manager`) when given.
   */
  async setReview(id: string, review: PurchaseReviewInput, manager?: EntityManager): Promise<void> {
    await this.repo.setReview(
      id,
      {
        reviewReason: review.flagged ? review.reason : null,
        reviewNote: review.reason,
        reviewedBy: review.by,
        reviewedAt: this.clock.now(),
      },
      manager,
    );
  }
}
