import { Injectable, Logger } from '@nestjs/common';
import { Money } from '../../../common/money/money';
import {
  checkVerifiedPayment,
  FlutterwaveClient,
} from '../../../providers/flutterwave/flutterwave.client';
import type { FlutterwaveWebhook } from '../../../providers/flutterwave/flutterwave.types';
import { Purchase, PurchaseKind } from '../entities/purchase.entity';
import { ConfirmOutcome, PaymentConfirmationService } from '../payment-confirmation.service';
import { PaymentNotVerifiedYetError, ProcessorErrorCode } from '../processor.errors';
import { PurchaseStartService } from '../purchase-start.service';
import { PurchaseRepository } from '../purchase.repository';
import type { PaymentRail } from './payment-rail';

/** A pending Flutterwave purchase with no transaction this long after creation times out (ms). */
export const FLW_GIVE_UP_MS = 24 * 3600_000;

/** Input of `start` (Nigeria NGN, Uganda UGX; docs/PROVIDERS.md §2.2). */
export interface FlutterwavePurchaseInput {
  kind: PurchaseKind;
  email: string;
  /** In `currency`'s major unit (whole for UGX). */
  amount: Money;
  /** The same price in Ksh (the slip's price), counted against the buyer's daily cap. */
  amountKsh: Money;
  currency: 'NGN' | 'UGX';
  slipId?: string | null;
  subscriptionType?: string | null;
  phone?: string | null;
  /** Where the browser returns (/find_tip_ng). */
  redirectUrl: string;
  /** Checkout page title. */
  title: string;
}

/**
 * The Flutterwave hosted-checkout rail (Nigeria, Uganda; docs/PROVIDERS.md §2.2, §2.4, §2.5):
 * the payment link for tx_ref `<currency>-<KIND>-<code>`, the charge webhook verified by
 * transaction id before any value is given, and reconciliation by verify-by-reference.
 */
@Injectable()
export class FlutterwaveRail implements PaymentRail<
  FlutterwavePurchaseInput,
  { purchase: Purchase; link: string },
  FlutterwaveWebhook
> {
  readonly provider = 'flutterwave' as const;
  private readonly logger = new Logger(FlutterwaveRail.name);

  constructor(
    private readonly flutterwave: FlutterwaveClient,
    private readonly starts: PurchaseStartService,
    private readonly repo: PurchaseRepository,
    private readonly confirmation: PaymentConfirmationService,
  ) {}

  /**
   * Creates a pending Flutterwave purchase and its hosted payment link (docs/PROVIDERS.md §2.2).
   * Paid by webhook + verify (`confirm`) or reconciliation.
   * @throws ProcessorError CARD_PAYMENT_REQUEST_FAILED (502); the purchase is failed, or kept
   *   pending and flagged when the outcome is unknown (never re-POSTed blindly).
   */
  async start(input: FlutterwavePurchaseInput): Promise<{ purchase: Purchase; link: string }> {
    const txRef = (code: string) => `${input.currency}-${input.kind.toUpperCase()}-${code}`;
    const pending = { ...input, provider: this.provider, txRef };
    return this.starts.start(
      pending,
      ProcessorErrorCode.CARD_PAYMENT_REQUEST_FAILED,
      async (purchase) => {
        const { link } = await this.flutterwave.createPayment({
          txRef: purchase.txRef as string,
          amount: input.amount.toDecimal(),
          currency: input.currency,
          redirectUrl: input.redirectUrl,
          customer: { email: input.email },
          customizations: { title: input.title },
          meta: { purchase_id: purchase.id, kind: input.kind },
        });
        return { purchase, link };
      },
    );
  }

  /**
   * Applies a Flutterwave charge webhook (docs/PROVIDERS.md §2.5): verified by transaction id
   * (§2.4) before any value is given. An unknown tx_ref is ignored. Money that arrived not as
   * asked is flagged for review; a declined or failed charge simply fails the purchase.
   * @throws PaymentNotVerifiedYetError when the verify finds no transaction or a pending one (the
   *   job retries).
   */
  async confirm(webhook: FlutterwaveWebhook): Promise<ConfirmOutcome> {
    if (webhook.kind !== 'charge') return 'noop';
    const purchase = await this.repo.byTxRef(webhook.txRef);
    if (!purchase) {
      this.logger.warn({ txRef: webhook.txRef }, 'flutterwave webhook for an unknown tx_ref');
      return 'noop';
    }
    if (purchase.status !== 'pending') return 'noop';
    const tx = await this.flutterwave.verifyTransaction(webhook.transactionId);
    // Not known (yet) or still pending: the job retries, and a re-delivered webhook is applied.
    if (!tx) {
      throw new PaymentNotVerifiedYetError(
        `flutterwave verify found no transaction ${webhook.transactionId} (yet)`,
      );
    }
    const asked = {
      txRef: purchase.txRef as string,
      currency: purchase.currency,
      amount: purchase.amount.toDecimal(),
    };
    const check = checkVerifiedPayment(tx, asked);
    if (!check.ok && check.reason === 'status' && tx.status === 'pending') {
      throw new PaymentNotVerifiedYetError(`flutterwave transaction ${tx.id} still pending`);
    }
    const resultDesc = `flutterwave ${tx.id}`;
    return this.confirmation.apply(
      { id: purchase.id },
      check.ok
        ? { outcome: 'paid', resultCode: tx.status, resultDesc }
        : check.reason === 'status'
          ? { outcome: 'failed', resultCode: tx.status, resultDesc }
          : { outcome: 'paid', resultCode: tx.status, resultDesc, paid: moneyOrNull(tx.amount) },
      (em, id) => this.repo.storeFlwTransactionId(em, id, String(tx.id)),
      check.ok || check.reason === 'status'
        ? undefined
        : `flutterwave check failed: ${check.reason}`,
    );
  }

  /**
   * Reconciliation by verify-by-reference (docs/PROVIDERS.md §2.4): a transaction found is
   * applied like a webhook; none after FLW_GIVE_UP_MS → timeout.
   * @throws PaymentNotVerifiedYetError while the transaction is still pending at Flutterwave.
   */
  async reconcile(p: Purchase, ageMs: number): Promise<ConfirmOutcome> {
    const tx = await this.flutterwave.verifyByReference(p.txRef as string);
    if (tx) {
      return this.confirm({
        kind: 'charge',
        shape: 'v3',
        event: 'reconcile',
        transactionId: tx.id,
        txRef: tx.txRef,
      });
    }
    if (ageMs <= FLW_GIVE_UP_MS) return 'noop';
    const none = {
      outcome: 'timeout',
      resultCode: 'no-transaction',
      resultDesc: 'no Flutterwave transaction',
    } as const;
    return this.confirmation.apply({ id: p.id }, none);
  }
}

const moneyOrNull = (text: string): Money | null => {
  try {
    return Money.parse(text);
  } catch {
    return null;
  }
};
