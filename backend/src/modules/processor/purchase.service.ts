import { Inject, Injectable, Logger } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { Clock, CLOCK } from '../../common/clock/clock';
import { Money } from '../../common/money/money';
import { AppConfig } from '../../config/app-config';
import { TransactionRunner } from '../../database/transaction-runner';
import { ProviderError } from '../../providers/common/provider-errors';
import { DarajaClient } from '../../providers/daraja/daraja.client';
import type { StkCallbackResult, StkOutcome } from '../../providers/daraja/daraja.types';
import { checkVerifiedPayment, FlutterwaveClient } from '../../providers/flutterwave/flutterwave.client';
import type { FlutterwaveWebhook } from '../../providers/flutterwave/flutterwave.types';
import { EmailOutboxService } from '../notifications/email-outbox.service';
import { SmsRequest, SmsService } from '../notifications/sms/sms.service';
import { decideMpesa, PaymentDecision } from './domain/payment-outcome';
import { newPurchaseCode } from './domain/purchase-code';
import { Purchase, PurchaseKind } from './entities/purchase.entity';
import { PaymentNotVerifiedYetError, ProcessorError, ProcessorErrorCode, PurchaseNotFoundYetError } from './processor.errors';
import { JobProducer } from '../../common/queues/job-producer.service';
import { JOB, jobId } from '../../common/queues/queues';
import { parseStkCallback } from '../../providers/daraja/daraja.client';
import { PurchaseFulfilments } from './purchase-fulfilments';
import { PurchaseGates } from './purchase-gates';
import { PurchaseChange, PurchaseKey, PurchaseRepository } from './purchase.repository';
import { OPEN_PROMPT_MS } from './stk-push.limits';

/** Unique index allowing one open STK prompt per (phone, kind, slip) (migration LimitOpenStkPrompts). */
const OPEN_PROMPT_INDEX = 'uq_purchase_open_prompt';

/** Path of the STK callback below PUBLIC_URL; the last segment is MPESA_CALLBACK_TOKEN. */
export const MPESA_CALLBACK_PATH = '/api/processor/mpesa/callback';
/**
 * Purchases pending longer than this are checked by STK query
 * (docs/PRODUCT-RULES.md "Purchases and provider callbacks", reconciliation).
 */
export const RECONCILE_AFTER_MS = 2 * 60_000;
/** A push whose outcome is unknown (no CheckoutRequestID) is given up after this. */
export const UNKNOWN_PUSH_GIVE_UP_MS = 10 * 60_000;
/** A purchase the query still calls "being processed" after this is closed as timed out. */
export const QUERY_GIVE_UP_MS = 30 * 60_000;

/** Input of `startMpesa`: what is bought, by which phone, for how much (Ksh, whole shillings). */
export interface MpesaPurchaseInput {
  kind: PurchaseKind;
  phone: string;
  amount: Money;
  slipId?: string | null;
  subscriptionType?: string | null;
  /** STK TransactionDesc, ≤ 13 characters. */
  description: string;
}

/** Input of `startFlutterwave` (Nigeria NGN, Uganda UGX; docs/PROVIDERS.md §2.2). */
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

/** Pending Flutterwave purchases with no transaction this long after creation are closed as timed out. */
export const FLW_GIVE_UP_MS = 24 * 3600_000;

/** A provider result to apply to a purchase. */
interface ProviderResult {
  outcome: StkOutcome;
  resultCode: string;
  resultDesc: string;
  receipt?: string | null;
  paid?: Money | null;
}

/** What `applyResult` did. */
export type ConfirmOutcome = 'paid' | 'flagged' | 'closed' | 'noop';

/**
 * Purchases paid by M-Pesa STK push or Flutterwave (docs/ARCHITECTURE.md "The main job";
 * docs/CONTRIBUTING.md §12 B). Every state change happens in one transaction with the purchase row locked
 * FOR UPDATE, and only from `pending`: a repeated, concurrent or reordered callback is a no-op.
 */
@Injectable()
export class PurchaseService {
  private readonly logger = new Logger(PurchaseService.name);

  constructor(
    private readonly tx: TransactionRunner,
    private readonly repo: PurchaseRepository,
    private readonly config: AppConfig,
    private readonly daraja: DarajaClient,
    private readonly flutterwave: FlutterwaveClient,
    private readonly sms: SmsService,
    private readonly fulfilments: PurchaseFulfilments,
    private readonly gates: PurchaseGates,
    private readonly emails: EmailOutboxService,
    private readonly producer: JobProducer,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /**
   * Creates a pending purchase and sends the STK push for `amount`. The row is committed before
   * the push, so a fast callback finds it (or is retried until the CheckoutRequestID is stored).
   * At most one prompt is open per phone and slip (per phone for subscriptions), by the unique
   * index uq_purchase_open_prompt, so parallel requests cannot slip a second push through.
   * @throws ProcessorError PROMPT_ALREADY_OPEN (409) while such a prompt is open (younger than
   *   OPEN_PROMPT_MS and still pending); PAYMENT_REQUEST_FAILED (502) when Daraja refuses
   *   (purchase failed) or the outcome is unknown (purchase kept pending and flagged;
   *   reconciliation closes it).
   */
  async startMpesa(input: MpesaPurchaseInput): Promise<Purchase> {
    const purchase = await this.insertPending({ ...input, amountKsh: input.amount, stkPromptOpen: true });
    try {
      const push = await this.daraja.stkPush({
        amountKsh: input.amount.toDecimal(),
        msisdn: input.phone,
        accountReference: purchase.code,
        transactionDesc: input.description,
        callbackUrl: `${this.config.publicUrl}${MPESA_CALLBACK_PATH}/${this.config.mpesa.callbackToken}`,
      });
      await this.repo.storeCheckout(purchase.id, push.checkoutRequestId, push.merchantRequestId);
      return { ...purchase, checkoutRequestId: push.checkoutRequestId, merchantRequestId: push.merchantRequestId };
    } catch (err) {
      await this.markPushFailed(purchase.id, err);
      throw new ProcessorError(ProcessorErrorCode.PAYMENT_REQUEST_FAILED);
    }
  }

  /**
   * Creates a pending Flutterwave purchase (tx_ref `<currency>-<kind>-<code>`) and its hosted
   * payment link (§2.2). Paid by webhook + verify (`confirmFlutterwave`) or reconciliation.
   * @throws ProcessorError CARD_PAYMENT_REQUEST_FAILED (502); the purchase is failed, or kept
   *   pending and flagged when the outcome is unknown (never re-POSTed blindly, §2.2).
   */
  async startFlutterwave(input: FlutterwavePurchaseInput): Promise<{ purchase: Purchase; link: string }> {
    const purchase = await this.insertPending({ ...input, provider: 'flutterwave' });
    try {
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
    } catch (err) {
      await this.markPushFailed(purchase.id, err);
      throw new ProcessorError(ProcessorErrorCode.CARD_PAYMENT_REQUEST_FAILED);
    }
  }

  /**
   * Applies an STK callback (§1.6) to its purchase; a paid callback for a purchase the STK query
   * already paid without a receipt stores its receipt. @throws PurchaseNotFoundYetError (job retries).
   */
  async confirmMpesa(callback: StkCallbackResult): Promise<ConfirmOutcome> {
    return this.applyResult({ checkoutRequestId: callback.checkoutRequestId }, stkResult(callback));
  }

  /**
   * Applies many STK callbacks in one transaction (the payments worker's batches:
   * docs/PRODUCT-RULES.md "Purchases and provider callbacks",
   * docs/PERFORMANCE.md "Payment callbacks"), with the same rules and guarantees as `confirmMpesa`
   * for each: the purchase rows locked FOR UPDATE (in id order), only `pending` rows change, so a
   * callback repeated inside the batch or across batches is a no-op; one UPDATE for every row, each
   * kind's fulfilment once for its purchases, the buyer SMS in one INSERT and sent after commit
   * (`SmsService.sendNow`, not awaited).
   * @returns per callback, in order: its outcome, or the error its job should fail with
   *   (PurchaseNotFoundYetError when the purchase row is not committed yet: the job retries).
   * @throws when the transaction fails (nothing of it is kept): apply the callbacks one by one.
   */
  async confirmMpesaBatch(callbacks: StkCallbackResult[]): Promise<(ConfirmOutcome | Error)[]> {
    const smsIds: string[] = [];
    const emailIds: string[] = [];
    const outcomes = await this.tx.run(async (em) => {
      const keys = [...new Set(callbacks.map((c) => c.checkoutRequestId))];
      const rows = await this.repo.lockByCheckoutIds(em, keys);
      const byKey = new Map(rows.map((r) => [r.checkoutRequestId, r]));
      const changes: { id: string; change: PurchaseChange }[] = [];
      const paid: Purchase[] = [];
      const receipts: { id: string; receipt: string }[] = [];
      const out = callbacks.map((cb): ConfirmOutcome | Error => {
        const p = byKey.get(cb.checkoutRequestId);
        if (!p) return new PurchaseNotFoundYetError(`no purchase for CheckoutRequestID ${cb.checkoutRequestId} (yet)`);
        if (p.status !== 'pending') {
          const receipt = missingReceipt(p, stkResult(cb));
          if (receipt) {
            receipts.push({ id: p.id, receipt });
            p.receipt = receipt;
          }
          return 'noop';
        }
        const decided = this.decide(p, stkResult(cb));
        p.status = decided.change.status; // a second callback for it in this batch is then a no-op
        changes.push({ id: p.id, change: decided.change });
        if (decided.paid) paid.push(decided.paid);
        return decided.outcome;
      });
      await this.repo.applyChanges(em, changes);
      for (const r of receipts) await this.repo.storeReceipt(em, r.id, r.receipt);
      const done = await this.fulfilAll(em, paid);
      smsIds.push(...(await this.sms.queueMany(done.sms, em)));
      emailIds.push(...done.emails);
      return out;
    });
    // Not awaited: the jobs (and the batch slot) are done once the money is committed; waiting for
    // Africa's Talking (hundreds of ms in production) would hold them. The rows are in the outbox:
    // a send that never happens is picked up by the requeue-sms sweep.
    void this.sms.sendNow(...smsIds);
    this.emails.dispatch(...emailIds);
    return outcomes;
  }

  /**
   * Reconciliation (docs/PRODUCT-RULES.md "Purchases and provider callbacks"): STK query for M-Pesa
   * purchases pending over `olderThanMs`; a known outcome is applied like a callback, with the
   * receipt of the callback we acknowledged but have not applied yet when there is one
   * (`receivedCallback`); pushes with an unknown outcome and queries pending for too long are
   * closed. Returns how many purchases changed.
   */
  async reconcileStk(olderThanMs = RECONCILE_AFTER_MS, limit = 100): Promise<number> {
    const now = this.clock.now().getTime();
    const due = await this.repo.pendingBefore('mpesa', new Date(now - olderThanMs), limit);
    let changed = 0;
    for (const p of due) {
      const age = now - p.createdAt.getTime();
      try {
        if (!p.checkoutRequestId) {
          if (age < UNKNOWN_PUSH_GIVE_UP_MS) continue;
          const r = await this.applyResult({ id: p.id }, { outcome: 'failed', resultCode: 'no-checkout-id', resultDesc: 'STK push outcome unknown; no CheckoutRequestID' });
          if (r !== 'noop') changed++;
          continue;
        }
        const q = await this.daraja.stkQuery(p.checkoutRequestId);
        const result: ProviderResult | null =
          q.status === 'done'
            ? { outcome: q.outcome, resultCode: q.resultCode, resultDesc: q.resultDesc, ...(q.outcome === 'paid' ? await this.receivedCallback(p.checkoutRequestId) : {}) }
            : age > QUERY_GIVE_UP_MS
              ? { outcome: 'timeout', resultCode: 'query-pending', resultDesc: q.errorMessage }
              : null;
        if (result && (await this.applyResult({ id: p.id }, result)) !== 'noop') changed++;
      } catch (err) {
        this.logger.warn({ purchaseId: p.id, err: err instanceof Error ? err.message : String(err) }, 'reconciliation failed for a purchase');
      }
    }
    return changed;
  }

  /**
   * The receipt and amount of a paid STK callback we acknowledged for `checkoutRequestId` but
   * have not applied yet (its job waits for a retry, or failed): from its `payments` job, or from
   * `job_inbox` when Redis was down. The STK query gives neither, and a
   * purchase paid without its receipt cannot be found by the buyer's M-Pesa code
   * (docs/PRODUCT-RULES.md R73 find-slip). Empty when there is none or Redis does not answer.
   */
  private async receivedCallback(checkoutRequestId: string): Promise<Pick<ProviderResult, 'receipt' | 'paid'>> {
    const bodies = await this.producer.receivedBodies(JOB.MPESA_CALLBACK, jobId('mpesa', checkoutRequestId));
    for (const body of bodies) {
      try {
        const cb = parseStkCallback(body);
        if (cb.outcome === 'paid' && cb.receipt) return { receipt: cb.receipt, paid: cb.amountKsh ? Money.parse(cb.amountKsh) : null };
      } catch {
        // not a readable callback: ignore
      }
    }
    return {};
  }

  /**
   * Reconciliation of Flutterwave purchases pending over `olderThanMs` (§2.4: verify by tx_ref):
   * a transaction found is applied like a webhook; none after FLW_GIVE_UP_MS → timeout.
   */
  async reconcileFlutterwave(olderThanMs = RECONCILE_AFTER_MS, limit = 100): Promise<number> {
    const now = this.clock.now().getTime();
    const due = await this.repo.pendingBefore('flutterwave', new Date(now - olderThanMs), limit);
    let changed = 0;
    for (const p of due) {
      try {
        const tx = await this.flutterwave.verifyByReference(p.txRef as string);
        const r = tx
          ? await this.confirmFlutterwave({ kind: 'charge', shape: 'v3', event: 'reconcile', transactionId: tx.id, txRef: tx.txRef })
          : now - p.createdAt.getTime() > FLW_GIVE_UP_MS
            ? await this.applyResult({ id: p.id }, { outcome: 'timeout', resultCode: 'no-transaction', resultDesc: 'no Flutterwave transaction' })
            : 'noop';
        if (r !== 'noop') changed++;
      } catch (err) {
        if (err instanceof PaymentNotVerifiedYetError) continue; // still pending at Flutterwave: next pass
        this.logger.warn({ purchaseId: p.id, err: err instanceof Error ? err.message : String(err) }, 'flutterwave reconciliation failed');
      }
    }
    return changed;
  }

  /**
   * Applies a Flutterwave charge webhook (§2.5): verified by transaction id (§2.4) before any
   * value is given. An unknown tx_ref is ignored.
   * @throws PaymentNotVerifiedYetError when the verify finds no transaction or a pending one (the job retries).
   */
  async confirmFlutterwave(webhook: FlutterwaveWebhook): Promise<ConfirmOutcome> {
    if (webhook.kind !== 'charge') return 'noop';
    const purchase = await this.repo.byTxRef(webhook.txRef);
    if (!purchase) {
      this.logger.warn({ txRef: webhook.txRef }, 'flutterwave webhook for an unknown tx_ref');
      return 'noop';
    }
    if (purchase.status !== 'pending') return 'noop';
    const tx = await this.flutterwave.verifyTransaction(webhook.transactionId);
    // Not known (yet) or still pending: the job retries, and a re-delivered webhook is applied.
    if (!tx) throw new PaymentNotVerifiedYetError(`flutterwave verify found no transaction ${webhook.transactionId} (yet)`);
    const check = checkVerifiedPayment(tx, { txRef: purchase.txRef as string, currency: purchase.currency, amount: purchase.amount.toDecimal() });
    if (!check.ok && check.reason === 'status' && tx.status === 'pending') throw new PaymentNotVerifiedYetError(`flutterwave transaction ${tx.id} still pending`);
    return this.applyResult(
      { id: purchase.id },
      check.ok
        ? { outcome: 'paid', resultCode: tx.status, resultDesc: `flutterwave ${tx.id}` }
        : check.reason === 'status'
          ? { outcome: 'failed', resultCode: tx.status, resultDesc: `flutterwave ${tx.id}` }
          : { outcome: 'paid', resultCode: tx.status, resultDesc: `flutterwave ${tx.id}`, paid: moneyOrNull(tx.amount) },
      (em, id) => this.repo.storeFlwTransactionId(em, id, String(tx.id)),
      // A declined or failed charge simply fails; money that arrived not as asked is kept for review.
      check.ok || check.reason === 'status' ? undefined : `flutterwave check failed: ${check.reason}`,
    );
  }

  /**
   * The one place a single purchase leaves `pending` (the batch path is `confirmMpesaBatch`, with
   * the same `decide`): lock, check, mark, fulfil, queue SMS, commit, then dispatch the SMS and
   * e-mails.
   */
  private async applyResult(
    where: PurchaseKey,
    result: ProviderResult,
    extra?: (em: EntityManager, id: string) => Promise<unknown>,
    forceFlag?: string,
  ): Promise<ConfirmOutcome> {
    const smsIds: string[] = [];
    const emailIds: string[] = [];
    const outcome = await this.tx.run(async (em) => {
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
      const done = await this.fulfilAll(em, decided.paid ? [decided.paid] : []);
      smsIds.push(...(await this.sms.queueMany(done.sms, em)));
      emailIds.push(...done.emails);
      return decided.outcome;
    });
    await this.sms.dispatch(...smsIds);
    // Nigeria / Uganda buyers get the picks by e-mail now, not at the outbox's next retry pass.
    this.emails.dispatch(...emailIds);
    return outcome;
  }

  /**
   * What `result` does to pending purchase `p` (docs/PROVIDERS.md §1.4): the row's new values,
   * the outcome, and for a payment the purchase as paid (to fulfil). Money that arrived but not as
   * asked is flagged for review and never credited.
   */
  private decide(p: Purchase, result: ProviderResult, forceFlag?: string): { outcome: Exclude<ConfirmOutcome, 'noop'>; change: PurchaseChange; paid?: Purchase } {
    const decision: PaymentDecision = forceFlag ? { action: 'flag', reason: forceFlag } : decideMpesa(result.outcome, p.amount, result.paid ?? null);
    const common = { resultCode: result.resultCode, resultDesc: result.resultDesc.slice(0, 500) };
    if (decision.action === 'close') return { outcome: 'closed', change: { ...common, status: decision.status } };
    if (decision.action === 'flag') {
      this.logger.warn({ purchaseId: p.id, reason: decision.reason }, 'purchase flagged for review');
      return {
        outcome: 'flagged',
        change: { ...common, status: 'failed', receipt: result.receipt ?? null, paidAmount: result.paid ?? null, reviewReason: decision.reason },
      };
    }
    const paidAt = this.clock.now();
    const change: PurchaseChange = { ...common, status: 'paid', receipt: result.receipt ?? null, paidAmount: result.paid ?? p.amount, paidAt };
    return { outcome: 'paid', change, paid: { ...p, ...common, status: 'paid', receipt: result.receipt ?? null, paidAt } };
  }

  /** Runs each kind's fulfilment for its paid purchases (in the payment transaction) and gathers the SMS and e-mails. */
  private async fulfilAll(em: EntityManager, paid: Purchase[]): Promise<{ sms: SmsRequest[]; emails: string[] }> {
    const sms: SmsRequest[] = [];
    const emails: string[] = [];
    const kinds = [...new Set(paid.map((p) => p.kind))];
    for (const kind of kinds) {
      const handler = this.fulfilments.get(kind);
      const ofKind = paid.filter((p) => p.kind === kind);
      const results = handler.fulfilMany ? await handler.fulfilMany(em, ofKind) : await sequential(ofKind, (p) => handler.fulfil(em, p));
      for (const r of results) {
        sms.push(...(r?.sms ?? []));
        emails.push(...(r?.emails ?? []));
      }
    }
    return { sms, emails };
  }

  /**
   * Back office `purchases` review (docs/PRODUCT-RULES.md "Back office"): flags purchase `id` for
   * review (`review_reason` = `reason`) or clears the flag (`review_reason` null); either way the
   * admin's note, name and time are kept (`review_note`, `reviewed_by`, `reviewed_at`). Changes no
   * amount, status or ledger row. Inside the caller's transaction (`manager`).
   */
  async setReview(
    id: string,
    review: { flagged: boolean; reason: string; by: string },
    { manager }: { manager?: EntityManager } = {},
  ): Promise<void> {
    await this.repo.setReview(
      id,
      { reviewReason: review.flagged ? review.reason : null, reviewNote: review.reason, reviewedBy: review.by, reviewedAt: this.clock.now() },
      manager,
    );
  }

  /**
   * The ids among `purchaseIds` of paid purchases whose purchase code or M-Pesa receipt is `word`
   * (upper case): what a buyer shows to prove a purchase is theirs (e.g. the subscriber panel).
   */
  async paidWithProof(purchaseIds: string[], word: string): Promise<string[]> {
    if (!purchaseIds.length || !word) return [];
    return this.repo.paidWithProof(purchaseIds, word);
  }

  /** A refused request fails the purchase; an unknown outcome keeps it pending, flagged, for reconciliation. */
  private async markPushFailed(purchaseId: string, err: unknown): Promise<void> {
    const message = err instanceof Error ? err.message : String(err);
    const unknown = err instanceof ProviderError ? err.outcomeUnknown : true;
    this.logger.warn({ purchaseId, err: message, unknown }, 'payment request failed');
    await this.repo.updateIfPending(
      purchaseId,
      unknown ? { reviewReason: `payment request outcome unknown: ${message}`.slice(0, 500) } : { status: 'failed', resultDesc: message.slice(0, 500) },
    );
  }

  /**
   * Stops counting as open the prompt of (phone, kind, slip) when it is older than OPEN_PROMPT_MS
   * (its callback is late or lost; the purchase stays pending for reconciliation). True when one was.
   */
  private async releaseStalePrompt(input: { phone?: string | null; kind: PurchaseKind; slipId?: string | null }): Promise<boolean> {
    return this.repo.releaseStalePrompt(input.phone, input.kind, input.slipId ?? null, OPEN_PROMPT_MS / 1000);
  }

  /**
   * Inserts the pending purchase in one transaction with the purchase gate's check (spend caps
   * and self-exclusion: PurchaseGates), so two parallel buys of one phone are judged one after
   * the other and a refused buyer gets no prompt.
   * @throws the gate's DomainError (403); ProcessorError PROMPT_ALREADY_OPEN (409).
   */
  private async insertPending(
    input: Pick<MpesaPurchaseInput, 'kind' | 'amount' | 'slipId' | 'subscriptionType'> & {
      amountKsh: Money;
      provider?: 'mpesa' | 'flutterwave';
      phone?: string | null;
      email?: string | null;
      currency?: string;
      stkPromptOpen?: boolean;
    },
  ): Promise<Purchase> {
    let released = false;
    for (let attempt = 0; ; attempt++) {
      const code = newPurchaseCode();
      try {
        return await this.tx.run(async (em) => {
          const rgPhone = await this.gates.admit(em, { phone: input.phone ?? null, email: input.email ?? null, amountKsh: input.amountKsh });
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
            txRef: input.provider === 'flutterwave' ? `${input.currency}-${input.kind.toUpperCase()}-${code}` : null,
            stkPromptOpen: input.stkPromptOpen ?? false,
          });
        });
      } catch (err) {
        const constraint = (err as { constraint?: string }).constraint;
        if (constraint === OPEN_PROMPT_INDEX) {
          // Once only: a prompt past its window stops counting as open, then this one may go.
          if (released || !(await this.releaseStalePrompt(input))) throw new ProcessorError(ProcessorErrorCode.PROMPT_ALREADY_OPEN);
          released = true;
          continue;
        }
        const duplicateCode = constraint === 'uq_purchase_code' || constraint === 'uq_purchase_tx_ref';
        if (!duplicateCode || attempt >= 3) throw err;
      }
    }
  }

  /**
   * Ksh spent by `rgPhone` since `from`: the Ksh price of its purchases still pending or paid
   * (docs/PRODUCT-RULES.md "Records and responsible gambling"). In the caller's transaction.
   */
  async spentKshSince(em: EntityManager, rgPhone: string, from: Date): Promise<Money> {
    return this.repo.spentKshSince(em, rgPhone, from);
  }
}

/** An STK callback (§1.6) as the result to apply. */
const stkResult = (callback: StkCallbackResult): ProviderResult => ({
  outcome: callback.outcome,
  resultCode: callback.resultCode,
  resultDesc: callback.resultDesc,
  receipt: callback.receipt ?? null,
  paid: callback.amountKsh ? Money.parse(callback.amountKsh) : null,
});

/**
 * The receipt a paid callback brings to purchase `p` that left `pending` without one (paid by the
 * STK query while the callback waited for a retry): null when there is nothing to add.
 */
const missingReceipt = (p: Purchase, result: ProviderResult): string | null =>
  p.status === 'paid' && !p.receipt && result.outcome === 'paid' && result.receipt ? result.receipt : null;

/** `fn` over `items` one after the other (statements on one transaction's connection run in order anyway). */
const sequential = async <T, R>(items: T[], fn: (item: T) => Promise<R>): Promise<R[]> => {
  const out: R[] = [];
  for (const item of items) out.push(await fn(item));
  return out;
};

const moneyOrNull = (text: string): Money | null => {
  try {
    return Money.parse(text);
  } catch {
    return null;
  }
};
