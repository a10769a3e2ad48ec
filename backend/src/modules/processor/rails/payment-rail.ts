import type { PaymentProvider, Purchase } from '../entities/purchase.entity';
import type { ConfirmOutcome } from '../payment-confirmation.service';

/**
 * A way to pay for a purchase: M-Pesa STK push, Flutterwave hosted checkout; later M-Pesa paybill
 * (Daraja C2B) or a voucher (docs/CONTRIBUTING.md "Add a payment rail"). A rail owns what is
 * particular to its provider; what is common is not its business:
 *
 * - `start` opens the pending purchase through `PurchaseStartService.start` (purchase gate, one
 *   open prompt per phone, our purchase code) and asks the provider for the money;
 * - `confirm`, called by the `payments` worker with a callback its route checked and queued,
 *   verifies what the provider's documentation says to verify and applies the result through
 *   `PaymentConfirmationService` (one transaction, only from `pending`, the kind's fulfilment);
 * - `reconcile` settles a purchase whose callback never came by asking the provider.
 *
 * @typeParam Start what the buy route hands `start`; @typeParam Started what it answers;
 *   @typeParam Callback the parsed callback its job carries.
 */
export interface PaymentRail<Start = never, Started = unknown, Callback = never> {
  /** `purchase.provider` of the rail's purchases: reconciliation picks them by it. */
  readonly provider: PaymentProvider;

  /**
   * Grace period (ms after the purchase was created) before reconciliation first asks the
   * provider (docs/PRODUCT-RULES.md R190); default RECONCILE_AFTER_MS.
   */
  readonly reconcileAfterMs?: number;

  /**
   * Age (ms) at which `reconcile` closes a purchase the provider still calls pending: once
   * RECONCILE_MAX_ATTEMPTS questions are used up, the next one waits for it (R191). Unset = no cap.
   */
  readonly reconcileExpiresAfterMs?: number;

  /**
   * Opens a pending purchase and asks the provider for payment (a rail that needs no provider,
   * such as a voucher covering the price, applies its paid result here, in the same way).
   * @throws the purchase gate's 403, ProcessorError (409 prompt open, 502 request failed).
   */
  start(input: Start): Promise<Started>;

  /**
   * Applies a provider callback (verified as the provider's documentation says). Must be a no-op
   * for a purchase no longer pending.
   * @throws PurchaseNotFoundYetError or PaymentNotVerifiedYetError to have the job retried.
   */
  confirm?(callback: Callback): Promise<ConfirmOutcome>;

  /**
   * Reconciliation of one of the rail's purchases, pending for `ageMs` (at least
   * RECONCILE_AFTER_MS) with no callback applied: asks the provider and applies a known outcome,
   * or gives the purchase up (timeout, failed) past the rail's own limit.
   * @returns 'noop' when the purchase is left pending for the next pass.
   * @throws PaymentNotVerifiedYetError (left for the next pass, quietly); any other error is
   *   logged.
   */
  reconcile(purchase: Purchase, ageMs: number): Promise<ConfirmOutcome>;
}

/** Any rail, as the registry holds them. */
export type AnyPaymentRail = PaymentRail<never, unknown, never>;

/**
 * The rails the processor knows, in reconciliation order (processor.module.ts lists them: a new
 * rail is one more entry there). Reconciliation runs over every rail; starts and callbacks go to
 * the rail that owns them.
 */
export class PaymentRails {
  private readonly byProvider = new Map<PaymentProvider, AnyPaymentRail>();

  /** @throws Error when two rails claim one provider. */
  constructor(rails: AnyPaymentRail[]) {
    for (const rail of rails) {
      if (this.byProvider.has(rail.provider)) {
        throw new Error(`two payment rails for provider '${rail.provider}'`);
      }
      this.byProvider.set(rail.provider, rail);
    }
  }

  /** Every rail, in the order given. */
  all(): AnyPaymentRail[] {
    return [...this.byProvider.values()];
  }

  /** @throws Error when no rail handles `provider`. */
  get(provider: PaymentProvider): AnyPaymentRail {
    const rail = this.byProvider.get(provider);
    if (!rail) throw new Error(`no payment rail for provider '${provider}'`);
    return rail;
  }
}
