import { Inject, Injectable, Logger } from '@nestjs/common';
import { Clock, CLOCK } from '../../common/clock/clock';
import { AppConfig } from '../../config/app-config';
import { nextReconcileAt } from './domain/reconcile-backoff';
import type { PaymentProvider } from './entities/purchase.entity';
import { PaymentNotVerifiedYetError } from './processor.errors';
import { PurchaseRepository } from './purchase.repository';
import { PaymentRails } from './rails/payment-rail';

/**
 * Purchases pending longer than this are asked about, for a rail that sets no grace period of its
 * own (docs/PRODUCT-RULES.md R39; M-Pesa: MPESA_QUERY_AFTER_SECONDS, R190), in ms.
 */
export const RECONCILE_AFTER_MS = 2 * 60_000;

/**
 * Reconciliation of purchases whose callback never came (the `reconcile-stk` schedule on the
 * `payments` queue; docs/ARCHITECTURE.md "Schedules"; docs/RELIABILITY.md "A lost STK callback"):
 * for each rail, its purchases pending past the rail's grace period (R190) whose next question is
 * due (R191) go one by one to the rail's `reconcile` (STK query, Flutterwave verify), which applies
 * a known outcome through PaymentConfirmationService. A purchase left pending (still being
 * processed, provider error) is asked again after a doubling wait (RECONCILE_RETRY_SECONDS, at
 * most 10 minutes) and, once RECONCILE_MAX_ATTEMPTS are used, only at the rail's expiry.
 */
@Injectable()
export class PurchaseReconciliationService {
  private readonly logger = new Logger(PurchaseReconciliationService.name);

  constructor(
    private readonly repo: PurchaseRepository,
    private readonly rails: PaymentRails,
    private readonly config: AppConfig,
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
   * The purchases of `provider` pending over `olderThanMs` (default: the rail's grace period) and
   * due for a question (at most `limit`, oldest first), each handed to its rail; one purchase's
   * error is logged and does not stop the others; a purchase left pending gets its next question
   * time (R191). Returns how many purchases changed.
   */
  async reconcile(provider: PaymentProvider, olderThanMs?: number, limit = 100): Promise<number> {
    const rail = this.rails.get(provider);
    const grace = olderThanMs ?? rail.reconcileAfterMs ?? RECONCILE_AFTER_MS;
    const now = this.clock.now();
    const due = await this.repo.dueForReconcile(
      provider,
      new Date(now.getTime() - grace),
      now,
      limit,
    );
    const { retryMs, maxAttempts } = this.config.reconcile;
    let changed = 0;
    for (const p of due) {
      try {
        if ((await rail.reconcile(p, now.getTime() - p.createdAt.getTime())) !== 'noop') {
          changed++;
          continue;
        }
      } catch (err) {
        // Still pending at the provider (PaymentNotVerifiedYetError): asked again after the backoff.
        if (!(err instanceof PaymentNotVerifiedYetError)) {
          const message = err instanceof Error ? err.message : String(err);
          this.logger.warn(
            { provider, purchaseId: p.id, err: message },
            'reconciliation failed for a purchase',
          );
        }
      }
      const attempts = p.reconcileAttempts + 1;
      const backoff = { retryMs, maxAttempts, expiresAfterMs: rail.reconcileExpiresAfterMs };
      await this.repo.scheduleReconcile(
        p.id,
        attempts,
        nextReconcileAt(p.createdAt, attempts, now, backoff),
      );
    }
    return changed;
  }
}
