import { Inject, Injectable, Logger } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { Clock, CLOCK } from '../../common/clock/clock';
import type { Money } from '../../common/money/money';
import { TransactionRunner } from '../../database/transaction-runner';
import type { StkOutcome } from '../../providers/daraja/daraja.types';
import { EmailOutboxService } from '../notifications/email-outbox.service';
import { SmsService } from '../notifications/sms/sms.service';
import { decideMpesa, PaymentDecision } from './domain/payment-outcome';
import { Purchase } from './entities/purchase.entity';
import { PurchaseNotFoundYetError } from './processor.errors';
import { PurchaseFulfilments } from './purchase-fulfilments';
import { PurchaseChange, PurchaseKey, PurchaseRepository } from './purchase.repository';

/** A provider's answer about one purchase, as every rail hands it to `apply`. */
export interface ProviderResult {
  /** paid, or why not (the STK outcomes; docs/PROVIDERS.md §1.4). */
  outcome: StkOutcome;
  resultCode: string;
  resultDesc: string;
  /** The provider's receipt (M-Pesa `MpesaReceiptNumber`), when it sent one. */
  receipt?: string | null;
  /** What the provider says was paid (in the purchase's currency); null when it does not say. */
  paid?: Money | null;
}

/** What applying a result did: paid (and fulfilled), flagged for review, closed, or nothing. */
export type ConfirmOutcome = 'paid' | 'flagged' | 'closed' | 'noop';

/**
 * One result of a batch as its rail resolved it inside the batch's transaction: the purchase row
 * it locked (FOR UPDATE) and the result to apply to it, or the outcome already known without
 * touching a purchase (a repeat, money recorded as unmatched, or the Error its job fails with).
 */
export type BatchItem =
  { purchase: Purchase; result: ProviderResult } | { outcome: ConfirmOutcome | Error };

/** Work a rail adds to the payment transaction (e.g. storing its transaction id), with `em`. */
export type InTransaction = (em: EntityManager, purchaseId: string) => Promise<unknown>;

/**
 * Payment confirmation: the one place a purchase leaves `pending` (docs/ARCHITECTURE.md "The main
 * job", step 4; docs/CONTRIBUTING.md "Add a payment rail"). Every rail's callback job, its
 * reconciliation and find-slip-ng end here. One transaction per purchase (or per batch of STK
 * callbacks): the row locked FOR UPDATE, changed only from `pending` (a repeated, concurrent or
 * reordered result is a no-op), the kind's fulfilment (ledger rows through LedgerService, outbox
 * rows) in the same transaction, SMS and e-mails dispatched after commit.
 */
@Injectable()
export class PaymentConfirmationService {
  private readonly logger = new Logger(PaymentConfirmationService.name);

  constructor(
    private readonly tx: TransactionRunner,
    private readonly repo: PurchaseRepository,
    private readonly sms: SmsService,
    private readonly fulfilments: PurchaseFulfilments,
    private readonly emails: EmailOutboxService,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /**
   * Applies `result` to the purchase `where` names: lock, check, mark, fulfil, queue SMS, commit,
   * then dispatch the SMS and e-mails. `extra` runs in the transaction before the row changes;
   * `forceFlag` flags the purchase for review with that reason instead of paying it (money that
   * arrived not as asked).
   * @throws PurchaseNotFoundYetError when no such purchase is committed (yet): the job retries.
   */
  async apply(
    where: PurchaseKey,
    result: ProviderResult,
    extra?: InTransaction,
    forceFlag?: string,
  ): Promise<ConfirmOutcome> {
    const smsIds: string[] = [];
    const emailIds: string[] = [];
    const missed: Purchase[] = [];
    const outcome = await this.tx.run(async (em) => {
      missed.length = 0; // a retried transaction starts again
      const p = await this.repo.lock(em, where);
      if (!p) throw new PurchaseNotFoundYetError(`no purchase for ${JSON.stringify(where)} (yet)`);
      if (p.status !== 'pending') {
        const receipt = missingReceipt(p, result);
        if (receipt) await this.repo.storeReceipt(em, p.id, receipt);
        return 'noop' as const;
      }
      const decided = this.decide(p, result, forceFlag);
      await extra?.(em, p.id);
      await this.repo.applyChange(em, p.id, decided.change);
      if (missedPrompt(p, decided.change)) missed.push(p);
      const done = await this.fulfilments.fulfilPaid(em, decided.paid ? [decided.paid] : []);
      smsIds.push(...done.smsIds, ...(await this.sms.queueMany(done.sms, em)));
      emailIds.push(...done.emails);
      return decided.outcome;
    });
    await this.sms.dispatch(...smsIds);
    // Nigeria / Uganda buyers get the picks by e-mail now, not at the outbox's next retry pass.
    this.emails.dispatch(...emailIds);
    await this.fulfilments.tellMissedPrompts(missed);
    return outcome;
  }

  /**
   * Applies many results keyed by CheckoutRequestID in one transaction (the payments worker's
   * batches of STK callbacks: docs/PERFORMANCE.md "Payment callbacks"): see `applyBatch`; a
   * CheckoutRequestID whose purchase row is not committed yet gets PurchaseNotFoundYetError (the
   * job retries).
   * @throws when the transaction fails (nothing of it is kept): apply the results one by one.
   */
  applyByCheckoutIds(
    results: { checkoutRequestId: string; result: ProviderResult }[],
  ): Promise<(ConfirmOutcome | Error)[]> {
    return this.applyBatch(async (em) => {
      const rows = await this.repo.lockByCheckoutIds(em, [
        ...new Set(results.map((r) => r.checkoutRequestId)),
      ]);
      const byKey = new Map(rows.map((r) => [r.checkoutRequestId, r]));
      return results.map(({ checkoutRequestId, result }): BatchItem => {
        const purchase = byKey.get(checkoutRequestId);
        if (purchase) return { purchase, result };
        return {
          outcome: new PurchaseNotFoundYetError(
            `no purchase for CheckoutRequestID ${checkoutRequestId} (yet)`,
          ),
        };
      });
    });
  }

  /**
   * Applies a batch of results in one transaction (group commit of the payments worker:
   * docs/PERFORMANCE.md "Payment callbacks"; STK callbacks and C2B confirmations), with the same
   * rules as `apply` for each. `prepare` runs first in the transaction: it locks the purchase rows
   * FOR UPDATE in id order and says, per result in order, which locked row it applies to, or the
   * outcome the rail already knows (a repeat, money recorded as unmatched, an error for its job).
   * Only `pending` rows change (a result repeated inside the batch or across batches is a no-op);
   * one UPDATE for every row, each kind's fulfilment once for its purchases, the buyer SMS in one
   * INSERT and sent after commit (`SmsService.sendNow`, not awaited).
   * @returns per result, in order: its outcome, or the error its job should fail with.
   * @throws when the transaction fails (nothing of it is kept): apply the results one by one.
   */
  async applyBatch(
    prepare: (em: EntityManager) => Promise<BatchItem[]>,
  ): Promise<(ConfirmOutcome | Error)[]> {
    const smsIds: string[] = [];
    const emailIds: string[] = [];
    const missed: Purchase[] = [];
    const outcomes = await this.tx.run(async (em) => {
      missed.length = smsIds.length = emailIds.length = 0; // a retried transaction starts again
      const items = await prepare(em);
      const changes: { id: string; change: PurchaseChange }[] = [];
      const paid: Purchase[] = [];
      const receipts: { id: string; receipt: string }[] = [];
      const out = items.map((item): ConfirmOutcome | Error => {
        if (!('purchase' in item)) return item.outcome;
        const { purchase: p, result } = item;
        if (p.status !== 'pending') {
          const receipt = missingReceipt(p, result);
          if (receipt) {
            receipts.push({ id: p.id, receipt });
            p.receipt = receipt;
          }
          return 'noop';
        }
        const decided = this.decide(p, result);
        if (missedPrompt(p, decided.change)) missed.push({ ...p });
        p.status = decided.change.status; // a second result for it in this batch is then a no-op
        changes.push({ id: p.id, change: decided.change });
        if (decided.paid) paid.push(decided.paid);
        return decided.outcome;
      });
      await this.repo.applyChanges(em, changes);
      for (const r of receipts) await this.repo.storeReceipt(em, r.id, r.receipt);
      const done = await this.fulfilments.fulfilPaid(em, paid);
      smsIds.push(...done.smsIds, ...(await this.sms.queueMany(done.sms, em)));
      emailIds.push(...done.emails);
      return out;
    });
    // Not awaited: the jobs (and the batch slot) are done once the money is committed; waiting for
    // Africa's Talking (hundreds of ms in production) would hold them. The rows are in the outbox:
    // a send that never happens is picked up by the requeue-sms sweep.
    void this.sms.sendNow(...smsIds);
    this.emails.dispatch(...emailIds);
    void this.fulfilments.tellMissedPrompts(missed);
    return outcomes;
  }

  /**
   * What `result` does to pending purchase `p` (docs/PROVIDERS.md §1.4): the row's new values,
   * the outcome, and for a payment the purchase as paid (to fulfil). Money that arrived but not as
   * asked is flagged for review and never credited.
   */
  private decide(
    p: Purchase,
    result: ProviderResult,
    forceFlag?: string,
  ): { outcome: Exclude<ConfirmOutcome, 'noop'>; change: PurchaseChange; paid?: Purchase } {
    const decision: PaymentDecision = forceFlag
      ? { action: 'flag', reason: forceFlag }
      : decideMpesa(result.outcome, p.amount, result.paid ?? null);
    const common = { resultCode: result.resultCode, resultDesc: result.resultDesc.slice(0, 500) };
    const receipt = result.receipt ?? null;
    if (decision.action === 'close') {
      return { outcome: 'closed', change: { ...common, status: decision.status } };
    }
    if (decision.action === 'flag') {
      this.logger.warn(
        { purchaseId: p.id, reason: decision.reason },
        'purchase flagged for review',
      );
      const paidAmount = result.paid ?? null;
      return {
        outcome: 'flagged',
        change: { ...common, status: 'failed', receipt, paidAmount, reviewReason: decision.reason },
      };
    }
    const paidAt = this.clock.now();
    const change: PurchaseChange = {
      ...common,
      status: 'paid',
      receipt,
      paidAmount: result.paid ?? p.amount,
      paidAt,
    };
    return { outcome: 'paid', change, paid: { ...p, ...common, status: 'paid', receipt, paidAt } };
  }
}

/**
 * The receipt a paid result brings to purchase `p` that left `pending` without one (paid by the
 * STK query while the callback waited for a retry): null when there is nothing to add.
 */
const missingReceipt = (p: Purchase, result: ProviderResult): string | null =>
  p.status === 'paid' && !p.receipt && result.outcome === 'paid' && result.receipt
    ? result.receipt
    : null;

/**
 * Whether closing pending purchase `p` with `change` ends a missed STK prompt: an M-Pesa STK
 * purchase (not the paybill rail) closed as timed out or cancelled (docs/PRODUCT-RULES.md R205).
 */
const missedPrompt = (p: Purchase, change: PurchaseChange): boolean =>
  p.provider === 'mpesa' && (change.status === 'timeout' || change.status === 'cancelled');
