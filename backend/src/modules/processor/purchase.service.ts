import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import type { C2bPayment, C2bValidationAnswer } from '../../providers/daraja/daraja-c2b';
import type {
  StkCallbackResult,
  TransactionStatusResult,
} from '../../providers/daraja/daraja.types';
import type { FlutterwaveWebhook } from '../../providers/flutterwave/flutterwave.types';
import type { PaymentProvider, Purchase } from './entities/purchase.entity';
import type { ConfirmOutcome } from './payment-confirmation.service';
import { PhonePurchase, PurchaseLookupRepository, SpendRow } from './purchase-lookup.repository';
import { PurchaseReconciliationService } from './purchase-reconciliation.service';
import { PurchaseReviewInput, PurchaseReviewService } from './purchase-review.service';
import { C2bPurchaseInput, C2bRail, C2bReferenceIssued } from './rails/c2b/c2b.rail';
import { FlutterwavePurchaseInput, FlutterwaveRail } from './rails/flutterwave.rail';
import { MpesaPurchaseInput, MpesaStkRail } from './rails/mpesa-stk.rail';

export type { ConfirmOutcome } from './payment-confirmation.service';
export type { PhonePurchase, SpendRow } from './purchase-lookup.repository';
export type { PurchaseStatus } from './entities/purchase.entity';
export type { C2bPurchaseInput, C2bReferenceIssued } from './rails/c2b/c2b.rail';
export type { FlutterwavePurchaseInput } from './rails/flutterwave.rail';
export type { MpesaPurchaseInput } from './rails/mpesa-stk.rail';

/**
 * The processor's door (docs/ARCHITECTURE.md "modules/processor"): what the other modules (buy
 * routes, find-slip-ng, subscriptions, the spend-cap gate, the back office) and the `payments`
 * worker call. It decides nothing: each method hands over, in one line, to the class that does
 * the job: a rail's start, callback and reconciliation (MpesaStkRail, FlutterwaveRail, through
 * PaymentConfirmationService), PurchaseReconciliationService, PurchaseReviewService, or
 * PurchaseLookupRepository. A new rail is reached through its own methods here
 * (docs/CONTRIBUTING.md "Add a payment rail").
 */
@Injectable()
export class PurchaseService {
  constructor(
    private readonly mpesa: MpesaStkRail,
    private readonly flutterwave: FlutterwaveRail,
    private readonly c2b: C2bRail,
    private readonly reconciliation: PurchaseReconciliationService,
    private readonly review: PurchaseReviewService,
    private readonly lookup: PurchaseLookupRepository,
  ) {}

  /** M-Pesa STK purchase start: see MpesaStkRail.start (409 prompt open, 502, the gate's 403). */
  startMpesa(input: MpesaPurchaseInput): Promise<Purchase> {
    return this.mpesa.start(input);
  }

  /** Flutterwave purchase start → the hosted payment link: see FlutterwaveRail.start (502, 403). */
  startFlutterwave(input: FlutterwavePurchaseInput): Promise<{ purchase: Purchase; link: string }> {
    return this.flutterwave.start(input);
  }

  /** Paybill reference for a purchase (Daraja C2B): see C2bRail.start (the gate's 403, 502). */
  startC2b(input: C2bPurchaseInput): Promise<C2bReferenceIssued> {
    return this.c2b.start(input);
  }

  /** Daraja's C2B validation request, answered at once: see C2bRail.validate. */
  validateC2b(payment: C2bPayment): Promise<C2bValidationAnswer> {
    return this.c2b.validate(payment);
  }

  /** The `c2b-confirmation` job: see C2bRail.confirm. */
  confirmC2b(payment: C2bPayment): Promise<ConfirmOutcome> {
    return this.c2b.confirm(payment);
  }

  /** The `c2b-confirmation` jobs, a batch in one transaction: see C2bRail.confirmBatch. */
  confirmC2bBatch(payments: C2bPayment[]): Promise<(ConfirmOutcome | Error)[]> {
    return this.c2b.confirmBatch(payments);
  }

  /** The `mpesa-callback` job, one callback: see MpesaStkRail.confirm. */
  confirmMpesa(callback: StkCallbackResult): Promise<ConfirmOutcome> {
    return this.mpesa.confirm(callback);
  }

  /** The `mpesa-callback` jobs, a batch in one transaction: see MpesaStkRail.confirmBatch. */
  confirmMpesaBatch(callbacks: StkCallbackResult[]): Promise<(ConfirmOutcome | Error)[]> {
    return this.mpesa.confirmBatch(callbacks);
  }

  /** The `transaction-status-result` job: see MpesaStkRail.confirmTransactionStatus. */
  confirmTransactionStatus(result: TransactionStatusResult): Promise<ConfirmOutcome> {
    return this.mpesa.confirmTransactionStatus(result);
  }

  /** The `flutterwave-webhook` job and find-slip-ng: see FlutterwaveRail.confirm. */
  confirmFlutterwave(webhook: FlutterwaveWebhook): Promise<ConfirmOutcome> {
    return this.flutterwave.confirm(webhook);
  }

  /** The `reconcile-stk` job: every rail's purchases pending too long; changes by provider. */
  reconcileAll(): Promise<Partial<Record<PaymentProvider, number>>> {
    return this.reconciliation.reconcileAll();
  }

  /**
   * Reconciliation of the M-Pesa purchases pending over `olderThanMs` (ms; default
   * MPESA_QUERY_AFTER_SECONDS, docs/PRODUCT-RULES.md R190) and due for a query (R191); changed count.
   */
  reconcileStk(olderThanMs?: number, limit = 100): Promise<number> {
    return this.reconciliation.reconcile('mpesa', olderThanMs, limit);
  }

  /** Back office `purchases` review: see PurchaseReviewService.setReview. */
  setReview(
    id: string,
    review: PurchaseReviewInput,
    { manager }: { manager?: EntityManager } = {},
  ): Promise<void> {
    return this.review.setReview(id, review, manager);
  }

  /**
   * The ids among `purchaseIds` of paid purchases whose purchase code or M-Pesa receipt is `word`
   * (upper case): what a buyer shows to prove a purchase is theirs (e.g. the subscriber panel).
   */
  async paidWithProof(purchaseIds: string[], word: string): Promise<string[]> {
    if (!purchaseIds.length || !word) return [];
    return this.lookup.paidWithProof(purchaseIds, word);
  }

  /**
   * A buyer's history (docs/PRODUCT-RULES.md R161): the purchases of `phone` (international
   * digits, M-Pesa phone or the account phone behind a Flutterwave e-mail), newest first, below
   * purchase id `beforeId` when given, at most `limit`.
   */
  purchasesOfPhone(
    phone: string,
    beforeId: string | null,
    limit: number,
  ): Promise<PhonePurchase[]> {
    return this.lookup.purchasesOfPhone(phone, beforeId, limit);
  }

  /**
   * The purchases of `rgPhone` since `from` still pending or paid, as the daily spend cap counts
   * them (docs/PRODUCT-RULES.md R86, R282: status, what is bought, Ksh price). In the caller's
   * transaction.
   */
  spendSince(em: EntityManager, rgPhone: string, from: Date): Promise<SpendRow[]> {
    return this.lookup.spendSince(em, rgPhone, from);
  }
}
