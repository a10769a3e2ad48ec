import { Inject, Injectable, Logger } from '@nestjs/common';
import { Clock, CLOCK } from '../../common/clock/clock';
import type { PaymentProvider } from './entities/purchase.entity';
import { PaymentNotVerifiedYetError } from './processor.errors';
import { PurchaseRepository } from './purchase.repository';
import { PaymentRails } from './rails/payment-rail';

/**
 * Purchases pending longer than this are asked about (docs/PRODUCT-RULES.md "Purchases and
 * provider callbacks", reconciliation), in ms.
 */
export const RECONCILE_AFTER_MS = 2 * 60_000;

/**
 * Reconciliation of purchases whose callback never came (the `reconcile-stk` schedule on the
 * `payments` queue; docs/ARCHITECTURE.md "Schedules"): for each rail, its purchases pending past
 * RECONCILE_AFTER_MS go one by one to the rail's `reconcile` (STK query, Flutterwave verify),
 * which applies a known outcome through PaymentConfirmationService.
 */
@Injectable()
export class PurchaseReconciliationService {
  private readonly logger = new Logger(PurchaseReconciliationService.name);

  constructor(
    private readonly repo: PurchaseRepository,
    private readonly rails: PaymentRails,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Every rail in turn (the scheduled job): how many purchases changed, by provider. */
  async reconcileAll(): Promise<Partial<Record<PaymentProvider, number>>> {
    const changed: Partial<Record<PaymentProvider, number>> = {};
    for (const rail of this.rails.all()) {
      changed[rail.provider] = await this.reconcile(rail.provider);
    }
    return changed;
  }

  /**
   * The purchases of `provider` pending over `olderThanMs` (at most `limit`, oldest first), each
   * handed to its rail; one purchase's error is logged and does not stop the others. Returns how
   * many purchases changed.
   */
  async reconcile(
    provider: PaymentProvider,
    olderThanMs = RECONCILE_AFTER_MS,
    limit = 100,
  ): Promise<number> {
    const rail = this.rails.get(provider);
    const now = this.clock.now().getTime();
    const due = await this.repo.pendingBefore(provider, new Date(now - olderThanMs), limit);
    let changed = 0;
    for (const p of due) {
      try {
        if ((await rail.reconcile(p, now - p.createdAt.getTime())) !== 'noop') changed++;
      } catch (err) {
        // Still pending at the provider: the next pass asks again.
        if (err instanceof PaymentNotVerifiedYetError) continue;
        const message = err instanceof Error ? err.message : String(err);
        this.logger.warn({ provider, purchaseId: p.id, err: message }, 'reconciliation failed for a purchase');
      }
    }
    return changed;
  }
}
