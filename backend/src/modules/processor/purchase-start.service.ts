import { Injectable, Logger } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import type { Money } from '../../common/money/money';
import { DomainError } from '../../common/errors/domain-error';
import { TransactionRunner } from '../../database/transaction-runner';
import { ProviderError } from '../../providers/common/provider-errors';
import { newPurchaseCode } from './domain/purchase-code';
import { PaymentProvider, Purchase, PurchaseKind } from './entities/purchase.entity';
import { ProcessorError, ProcessorErrorCode } from './processor.errors';
import { PurchaseGates } from './purchase-gates';
import { PurchaseRepository } from './purchase.repository';
import { OPEN_PROMPT_MS } from './stk-push.limits';

/** Unique index: one open STK prompt per (phone, kind, slip) (migration LimitOpenStkPrompts). */
const OPEN_PROMPT_INDEX = 'uq_purchase_open_prompt';

/** A purchase about to be asked for: what is bought, by whom, for how much, on which rail. */
export interface PendingPurchaseInput {
  kind: PurchaseKind;
  slipId?: string | null;
  subscriptionType?: string | null;
  /** Buyer MSISDN `2547XXXXXXXX` (M-Pesa), or the phone given with an e-mail. */
  phone?: string | null;
  /** Buyer e-mail (Flutterwave). */
  email?: string | null;
  /** In `currency`'s major unit. */
  amount: Money;
  /** The same price in Ksh, counted against the buyer's daily cap. */
  amountKsh: Money;
  /** ISO 4217; KES unless given. */
  currency?: string;
  /** The rail (`purchase.provider`); mpesa unless given. */
  provider?: PaymentProvider;
  /** True for an STK push: the prompt counts as open on the phone (uq_purchase_open_prompt). */
  stkPromptOpen?: boolean;
  /** The rail's reference for the purchase, made from our purchase code (Flutterwave tx_ref). */
  txRef?: (code: string) => string;
}

/**
 * Purchase start, shared by every rail (docs/CONTRIBUTING.md "Add a payment rail"): the pending
 * `purchase` row, inserted in one transaction with the purchase gate (spend caps and
 * self-exclusion), with our purchase code and the rail's reference (tx_ref); then the rail's
 * request to its provider, after commit, so a fast callback finds the row.
 */
@Injectable()
export class PurchaseStartService {
  private readonly logger = new Logger(PurchaseStartService.name);

  constructor(
    private readonly tx: TransactionRunner,
    private readonly repo: PurchaseRepository,
    private readonly gates: PurchaseGates,
  ) {}

  /**
   * Inserts the pending purchase (`open`), then runs the rail's `request` to its provider. A
   * request that fails marks the purchase: failed when the provider refused, kept pending and
   * flagged when the outcome is unknown (reconciliation closes it); then `failure` is thrown, or
   * the request's own DomainError (a known refusal: the purchase is failed).
   * @throws the gate's DomainError (403); ProcessorError ALREADY_BOUGHT (409) for a slip the
   *   buyer has paid for (R284); PROMPT_ALREADY_OPEN (409); ProcessorError `failure` when the
   *   request fails.
   */
  async start<T>(
    input: PendingPurchaseInput,
    failure: ProcessorErrorCode,
    request: (purchase: Purchase) => Promise<T>,
  ): Promise<T> {
    const purchase = await this.open(input);
    try {
      return await request(purchase);
    } catch (err) {
      await this.markRequestFailed(purchase.id, err);
      // A refusal of our own (a voucher spent meanwhile) keeps its own 4xx.
      throw err instanceof DomainError ? err : new ProcessorError(failure);
    }
  }

  /**
   * Refuses a second purchase of a slip its buyer (the phone or the e-mail) has already paid for,
   * on any rail (docs/PRODUCT-RULES.md R284); a subscription may be bought again (R43). Read in
   * `em`'s transaction when given.
   * @throws ProcessorError ALREADY_BOUGHT (409).
   */
  async refuseRepeat(input: PendingPurchaseInput, em?: EntityManager): Promise<void> {
    if (input.kind !== 'slip' || !input.slipId) return;
    const paid = await this.repo.slipPaidBy(
      input.slipId,
      input.phone ?? null,
      input.email ?? null,
      em,
    );
    if (paid) throw new ProcessorError(ProcessorErrorCode.ALREADY_BOUGHT);
  }

  /** Stores the STK push's CheckoutRequestID and MerchantRequestID on purchase `id`. */
  async storeCheckout(
    id: string,
    checkoutRequestId: string,
    merchantRequestId: string,
  ): Promise<void> {
    await this.repo.storeCheckout(id, checkoutRequestId, merchantRequestId);
  }

  /**
   * Inserts the pending purchase in one transaction with the purchase gate's check (spend caps
   * and self-exclusion: PurchaseGates), so two parallel buys of one phone are judged one after
   * the other and a refused buyer gets no prompt. At most one STK prompt is open per phone and
   * slip (per phone for subscriptions), by the unique index uq_purchase_open_prompt, so parallel
   * requests cannot slip a second push through.
   * @throws the gate's DomainError (403); ProcessorError ALREADY_BOUGHT (409) for a slip the
   *   buyer has paid for (R284); PROMPT_ALREADY_OPEN (409) while such a prompt is open (younger
   *   than OPEN_PROMPT_MS and still pending).
   */
  private async open(input: PendingPurchaseInput): Promise<Purchase> {
    let released = false;
    for (let attempt = 0; ; attempt++) {
      const code = newPurchaseCode();
      try {
        return await this.tx.run(async (em) => {
          const item = {
            kind: input.kind,
            slipId: input.slipId ?? null,
            subscriptionType: input.subscriptionType ?? null,
          };
          const buyer = {
            phone: input.phone ?? null,
            email: input.email ?? null,
            amountKsh: input.amountKsh,
            item,
          };
          const rgPhone = await this.gates.admit(em, buyer);
          await this.refuseRepeat(input, em);
          return this.repo.insertPending(em, {
            kind: input.kind,
            slipId: input.slipId ?? null,
            subscriptionType: input.subscriptionType ?? null,
            phone: input.phone ?? null,
            email: input.email ?? null,
            amount: input.amount,
            amountKsh: input.amountKsh,
            rgPhone,
            currency: input.currency ?? 'KES',
            provider: input.provider ?? 'mpesa',
            code,
            txRef: input.txRef?.(code) ?? null,
            stkPromptOpen: input.stkPromptOpen ?? false,
          });
        });
      } catch (err) {
        const constraint = (err as { constraint?: string }).constraint;
        if (constraint === OPEN_PROMPT_INDEX) {
          // Once only: a prompt past its window stops counting as open, then this one may go.
          if (released || !(await this.releaseStalePrompt(input))) {
            throw new ProcessorError(ProcessorErrorCode.PROMPT_ALREADY_OPEN);
          }
          released = true;
          continue;
        }
        const duplicateCode =
          constraint === 'uq_purchase_code' || constraint === 'uq_purchase_tx_ref';
        if (!duplicateCode || attempt >= 3) throw err;
      }
    }
  }

  /**
   * Stops counting as open the prompt of (phone, kind, slip) when it is older than OPEN_PROMPT_MS
   * (its callback is late or lost; the purchase stays pending for reconciliation). True when one
   * was.
   */
  private async releaseStalePrompt(input: PendingPurchaseInput): Promise<boolean> {
    const olderThanSecs = OPEN_PROMPT_MS / 1000;
    return this.repo.releaseStalePrompt(
      input.phone,
      input.kind,
      input.slipId ?? null,
      olderThanSecs,
    );
  }

  /**
   * A refused request fails the purchase; an unknown outcome keeps it pending, flagged, for
   * reconciliation.
   */
  private async markRequestFailed(purchaseId: string, err: unknown): Promise<void> {
    const message = err instanceof Error ? err.message : String(err);
    const unknown =
      err instanceof ProviderError ? err.outcomeUnknown : !(err instanceof DomainError);
    this.logger.warn({ purchaseId, err: message, unknown }, 'payment request failed');
    await this.repo.updateIfPending(
      purchaseId,
      unknown
        ? { reviewReason: `payment request outcome unknown: ${message}`.slice(0, 500) }
        : { status: 'failed', resultDesc: message.slice(0, 500) },
    );
  }
}
