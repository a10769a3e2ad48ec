import { Injectable, Logger } from '@nestjs/common';
import { Money } from '../../../common/money/money';
import { JobProducer } from '../../../common/queues/job-producer.service';
import { JOB, jobId } from '../../../common/queues/queues';
import { AppConfig } from '../../../config/app-config';
import { DarajaClient, parseStkCallback } from '../../../providers/daraja/daraja.client';
import type {
  StkCallbackResult,
  StkQueryResult,
  TransactionStatusResult,
} from '../../../providers/daraja/daraja.types';
import { Purchase, PurchaseKind } from '../entities/purchase.entity';
import {
  ConfirmOutcome,
  PaymentConfirmationService,
  ProviderResult,
} from '../payment-confirmation.service';
import { ProcessorErrorCode } from '../processor.errors';
import { PurchaseStartService } from '../purchase-start.service';
import type { PaymentRail } from './payment-rail';

/** Path of the STK callback below PUBLIC_URL; the last segment is MPESA_CALLBACK_TOKEN. */
export const MPESA_CALLBACK_PATH = '/api/processor/mpesa/callback';
/**
 * Path of the Transaction Status Result below PUBLIC_URL (docs/PROVIDERS.md §1.9); then
 * MPESA_CALLBACK_TOKEN, and `/timeout` for QueueTimeOutURL. No `mpesa` or `query` in it (§1.10).
 */
export const TRANSACTION_STATUS_RESULT_PATH = '/api/processor/status-result';
/** A push whose outcome is unknown (no CheckoutRequestID) is given up after this (ms). */
export const UNKNOWN_PUSH_GIVE_UP_MS = 10 * 60_000;
/** A purchase the query still calls "being processed" after this is closed as timed out (ms). */
export const QUERY_GIVE_UP_MS = 30 * 60_000;

/** Input of `start`: what is bought, by which phone, for how much (Ksh, whole shillings). */
export interface MpesaPurchaseInput {
  kind: PurchaseKind;
  phone: string;
  amount: Money;
  slipId?: string | null;
  subscriptionType?: string | null;
  /** STK TransactionDesc, ≤ 13 characters. */
  description: string;
}

/**
 * The M-Pesa STK push rail (Kenya; docs/PROVIDERS.md §1.3, §1.6, §1.7): the push with our
 * purchase code as AccountReference, the STK callback, and reconciliation by STK query.
 */
@Injectable()
export class MpesaStkRail implements PaymentRail<MpesaPurchaseInput, Purchase, StkCallbackResult> {
  private readonly logger = new Logger(MpesaStkRail.name);
  readonly provider = 'mpesa' as const;
  /** First STK query this long after the push (MPESA_QUERY_AFTER_SECONDS; docs/PRODUCT-RULES.md R190). */
  readonly reconcileAfterMs: number;
  /** A purchase the query still calls "being processed" is closed as timed out at this age (R192). */
  readonly reconcileExpiresAfterMs = QUERY_GIVE_UP_MS;

  constructor(
    private readonly config: AppConfig,
    private readonly daraja: DarajaClient,
    private readonly starts: PurchaseStartService,
    private readonly confirmation: PaymentConfirmationService,
    private readonly producer: JobProducer,
  ) {
    this.reconcileAfterMs = config.mpesa.queryAfterMs;
  }

  /**
   * Creates a pending purchase and sends the STK push for `amount`; the row is committed before
   * the push, so a fast callback finds it (or is retried until the CheckoutRequestID is stored).
   * @throws ProcessorError PROMPT_ALREADY_OPEN (409) while a prompt for the same phone and slip
   *   (or subscription) is open; PAYMENT_REQUEST_FAILED (502) when Daraja refuses (purchase
   *   failed) or the outcome is unknown (purchase kept pending and flagged; reconciliation
   *   closes it).
   */
  async start(input: MpesaPurchaseInput): Promise<Purchase> {
    const pending = {
      ...input,
      amountKsh: input.amount,
      provider: this.provider,
      stkPromptOpen: true,
    };
    return this.starts.start(
      pending,
      ProcessorErrorCode.PAYMENT_REQUEST_FAILED,
      async (purchase) => {
        const push = await this.daraja.stkPush({
          amountKsh: input.amount.toDecimal(),
          msisdn: input.phone,
          accountReference: purchase.code,
          transactionDesc: input.description,
          callbackUrl: `${this.config.publicUrl}${MPESA_CALLBACK_PATH}/${this.config.mpesa.callbackToken}`,
        });
        await this.starts.storeCheckout(
          purchase.id,
          push.checkoutRequestId,
          push.merchantRequestId,
        );
        const { checkoutRequestId, merchantRequestId } = push;
        return { ...purchase, checkoutRequestId, merchantRequestId };
      },
    );
  }

  /**
   * Applies an STK callback (docs/PROVIDERS.md §1.6) to its purchase; a paid callback for a
   * purchase the STK query already paid without a receipt stores its receipt.
   * @throws PurchaseNotFoundYetError (the job retries).
   */
  async confirm(callback: StkCallbackResult): Promise<ConfirmOutcome> {
    const key = { checkoutRequestId: callback.checkoutRequestId };
    return this.confirmation.apply(key, stkResult(callback));
  }

  /**
   * Applies many STK callbacks in one transaction (the payments worker's batches;
   * PaymentConfirmationService.applyByCheckoutIds): per callback its outcome or its job's error.
   * @throws when the transaction fails: apply the callbacks one by one.
   */
  async confirmBatch(callbacks: StkCallbackResult[]): Promise<(ConfirmOutcome | Error)[]> {
    const results = callbacks.map((cb) => ({
      checkoutRequestId: cb.checkoutRequestId,
      result: stkResult(cb),
    }));
    return this.confirmation.applyByCheckoutIds(results);
  }

  /**
   * Reconciliation by STK query (docs/PRODUCT-RULES.md R190-R194): a known outcome is applied like
   * a callback, with the receipt of the callback we acknowledged but have not applied yet when
   * there is one (`receivedCallback`); a push with an unknown outcome is given up after
   * UNKNOWN_PUSH_GIVE_UP_MS; at QUERY_GIVE_UP_MS a query still pending (or failing) closes the
   * purchase as timed out, unless we hold a paid callback's receipt: then Transaction Status is
   * asked instead.
   * @throws the query's error before the expiry (logged by the caller; asked again after the backoff).
   */
  async reconcile(p: Purchase, ageMs: number): Promise<ConfirmOutcome> {
    if (!p.checkoutRequestId) {
      if (ageMs < UNKNOWN_PUSH_GIVE_UP_MS) return 'noop';
      return this.confirmation.apply(
        { id: p.id },
        {
          outcome: 'failed',
          resultCode: 'no-checkout-id',
          resultDesc: 'STK push outcome unknown; no CheckoutRequestID',
        },
      );
    }
    const expired = ageMs >= QUERY_GIVE_UP_MS;
    let q: StkQueryResult;
    try {
      q = await this.daraja.stkQuery(p.checkoutRequestId);
    } catch (err) {
      // Before the expiry: logged, asked again after the backoff (R191). At it: R194.
      if (!expired || !(await this.askTransactionStatus(p, p.checkoutRequestId))) throw err;
      return 'noop';
    }
    if (q.status === 'done') {
      const received = q.outcome === 'paid' ? await this.receivedCallback(p.checkoutRequestId) : {};
      return this.confirmation.apply(
        { id: p.id },
        { outcome: q.outcome, resultCode: q.resultCode, resultDesc: q.resultDesc, ...received },
      );
    }
    if (!expired || (await this.askTransactionStatus(p, p.checkoutRequestId))) return 'noop';
    return this.confirmation.apply(
      { id: p.id },
      { outcome: 'timeout', resultCode: 'query-pending', resultDesc: q.errorMessage },
    );
  }

  /**
   * Applies a Transaction Status Result about a purchase (docs/PRODUCT-RULES.md R194): `Completed`
   * pays it with the receipt and amount M-Pesa gives (through PaymentConfirmationService, so a
   * purchase already settled is a no-op); another `TransactionStatus` flags it for review (failed,
   * nothing credited), since we hold a paid callback for it. A question M-Pesa refused (ResultCode
   * other than 0, e.g. 2001 our initiator) changes nothing: the next due pass asks again. A Result
   * that names no purchase of ours is ignored.
   */
  async confirmTransactionStatus(r: TransactionStatusResult): Promise<ConfirmOutcome> {
    const id = /^purchase-(\d+)-ts-\d+$/.exec(r.originatorConversationId)?.[1];
    if (!id) return 'noop';
    if (r.resultCode !== '0') {
      this.logger.warn(
        { purchaseId: id, resultCode: r.resultCode, resultDesc: r.resultDesc },
        'Transaction Status question refused',
      );
      return 'noop';
    }
    const resultDesc = `Transaction Status: ${r.transactionStatus ?? r.resultDesc}`;
    if (r.completed) {
      const paid = r.amountKsh ? Money.parse(r.amountKsh) : null;
      return this.confirmation.apply(
        { id },
        { outcome: 'paid', resultCode: '0', resultDesc, receipt: r.receipt ?? null, paid },
      );
    }
    const reason = `Transaction Status answered ${r.transactionStatus ?? 'no status'} for a paid callback`;
    return this.confirmation.apply(
      { id },
      { outcome: 'failed', resultCode: 'ts-not-completed', resultDesc },
      undefined,
      reason,
    );
  }

  /**
   * At the expiry, with no answer from the STK query: when we acknowledged a paid callback for the
   * push (its receipt known), asks Daraja's Transaction Status about that receipt, the answer
   * coming to TRANSACTION_STATUS_RESULT_PATH (R194). False when there is no receipt to ask about.
   * A failed question is logged; the next reconciliation pass asks again.
   */
  private async askTransactionStatus(p: Purchase, checkoutRequestId: string): Promise<boolean> {
    const { receipt } = await this.receivedCallback(checkoutRequestId);
    if (!receipt) return false;
    const base = `${this.config.publicUrl}${TRANSACTION_STATUS_RESULT_PATH}`;
    await this.daraja.transactionStatus({
      transactionId: receipt,
      originatorConversationId: `purchase-${p.id}-ts-${p.reconcileAttempts}`,
      resultUrl: `${base}/${this.config.mpesa.callbackToken}`,
      queueTimeoutUrl: `${base}/${this.config.mpesa.callbackToken}/timeout`,
      remarks: 'Purchase status',
    });
    return true;
  }

  /**
   * The receipt and amount of a paid STK callback we acknowledged for `checkoutRequestId` but
   * have not applied yet (its job waits for a retry, or failed): from its `payments` job, or from
   * `job_inbox` when Redis was down. The STK query gives neither, and a purchase paid without its
   * receipt cannot be found by the buyer's M-Pesa code (docs/PRODUCT-RULES.md R73 find-slip).
   * Empty when there is none or Redis does not answer.
   */
  private async receivedCallback(
    checkoutRequestId: string,
  ): Promise<Pick<ProviderResult, 'receipt' | 'paid'>> {
    const key = jobId('mpesa', checkoutRequestId);
    const bodies = await this.producer.receivedBodies(JOB.MPESA_CALLBACK, key);
    for (const body of bodies) {
      try {
        const cb = parseStkCallback(body);
        if (cb.outcome === 'paid' && cb.receipt) {
          return { receipt: cb.receipt, paid: cb.amountKsh ? Money.parse(cb.amountKsh) : null };
        }
      } catch {
        // not a readable callback: ignore
      }
    }
    return {};
  }
}

/** An STK callback (docs/PROVIDERS.md §1.6) as the result to apply. */
const stkResult = (callback: StkCallbackResult): ProviderResult => ({
  outcome: callback.outcome,
  resultCode: callback.resultCode,
  resultDesc: callback.resultDesc,
  receipt: callback.receipt ?? null,
  paid: callback.amountKsh ? Money.parse(callback.amountKsh) : null,
});
