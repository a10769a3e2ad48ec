import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, LessThan } from 'typeorm';
import { Money } from '../../common/money/money';
import { AppConfig } from '../../config/app-config';
import { ProviderError } from '../../providers/common/provider-errors';
import { DarajaClient } from '../../providers/daraja/daraja.client';
import type { StkCallbackResult, StkOutcome } from '../../providers/daraja/daraja.types';
import { checkVerifiedPayment, FlutterwaveClient } from '../../providers/flutterwave/flutterwave.client';
import type { FlutterwaveWebhook } from '../../providers/flutterwave/flutterwave.types';
import { EmailOutboxService } from '../notifications/email-outbox.service';
import { SmsService } from '../notifications/sms/sms.service';
import { decideMpesa, PaymentDecision } from './domain/payment-outcome';
import { newPurchaseCode } from './domain/purchase-code';
import { LedgerEntry } from './entities/ledger-entry.entity';
import { Purchase, PurchaseKind } from './entities/purchase.entity';
import { ProcessorError, ProcessorErrorCode, PurchaseNotFoundYetError } from './processor.errors';
import { PurchaseFulfilments } from './purchase-fulfilments';

/** Path of the STK callback below PUBLIC_URL; the last segment is MPESA_CALLBACK_TOKEN. */
export const MPESA_CALLBACK_PATH = '/api/processor/mpesa/callback';
/** The tipster's share of a sale, percent (spec §9: 40% platform fee). */
export const TIPSTER_SHARE_PERCENT = 60;
/** Purchases pending longer than this are checked by STK query (issue 7, reconciliation). */
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

/** Input of `startFlutterwave` (Nigeria NGN, Uganda UGX; providers.md §2.2). */
export interface FlutterwavePurchaseInput {
  kind: PurchaseKind;
  email: string;
  /** In `currency`'s major unit (whole for UGX). */
  amount: Money;
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

/** A ledger row to record: the money movement, its account and, when known, user and purchase. */
type LedgerInput = Pick<LedgerEntry, 'account' | 'kind' | 'amount' | 'status'> & Partial<Pick<LedgerEntry, 'userId' | 'purchaseId'>>;

/** What `applyResult` did. */
export type ConfirmOutcome = 'paid' | 'flagged' | 'closed' | 'noop';

/**
 * Purchases paid by M-Pesa STK push or Flutterwave (issue 7; architecture.md "The main job";
 * style.md §12 B). Every state change happens in one transaction with the purchase row locked
 * FOR UPDATE, and only from `pending`: a repeated, concurrent or reordered callback is a no-op.
 */
@Injectable()
export class PurchaseService {
  private readonly logger = new Logger(PurchaseService.name);

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly config: AppConfig,
    private readonly daraja: DarajaClient,
    private readonly flutterwave: FlutterwaveClient,
    private readonly sms: SmsService,
    private readonly fulfilments: PurchaseFulfilments,
    private readonly emails: EmailOutboxService,
  ) {}

  /**
   * Creates a pending purchase and sends the STK push for `amount`. The row is committed before
   * the push, so a fast callback finds it (or is retried until the CheckoutRequestID is stored).
   * @throws ProcessorError PAYMENT_REQUEST_FAILED (502) when Daraja refuses (purchase failed) or
   *   the outcome is unknown (purchase kept pending and flagged; reconciliation closes it).
   */
  async startMpesa(input: MpesaPurchaseInput): Promise<Purchase> {
    const purchase = await this.insertPending(input);
    try {
      const push = await this.daraja.stkPush({
        amountKsh: input.amount.toDecimal(),
        msisdn: input.phone,
        accountReference: purchase.code,
        transactionDesc: input.description,
        callbackUrl: `${this.config.publicUrl}${MPESA_CALLBACK_PATH}/${this.config.mpesa.callbackToken}`,
      });
      await this.ds.manager.update(Purchase, { id: purchase.id }, { checkoutRequestId: push.checkoutRequestId, merchantRequestId: push.merchantRequestId });
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

  /** Applies an STK callback (§1.6) to its purchase. @throws PurchaseNotFoundYetError (job retries). */
  async confirmMpesa(callback: StkCallbackResult): Promise<ConfirmOutcome> {
    return this.applyResult({ checkoutRequestId: callback.checkoutRequestId }, {
      outcome: callback.outcome,
      resultCode: callback.resultCode,
      resultDesc: callback.resultDesc,
      receipt: callback.receipt ?? null,
      paid: callback.amountKsh ? Money.parse(callback.amountKsh) : null,
    });
  }

  /**
   * Reconciliation (issue 7): STK query for M-Pesa purchases pending over `olderThanMs`; a known
   * outcome is applied like a callback (without receipt); pushes with an unknown outcome and
   * queries pending for too long are closed. Returns how many purchases changed.
   */
  async reconcileStk(olderThanMs = RECONCILE_AFTER_MS, limit = 100): Promise<number> {
    const now = Date.now();
    const due = await this.ds.manager.find(Purchase, {
      where: { status: 'pending', provider: 'mpesa', createdAt: LessThan(new Date(now - olderThanMs)) },
      order: { id: 'ASC' },
      take: limit,
    });
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
            ? { outcome: q.outcome, resultCode: q.resultCode, resultDesc: q.resultDesc }
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
   * Reconciliation of Flutterwave purchases pending over `olderThanMs` (§2.4: verify by tx_ref):
   * a transaction found is applied like a webhook; none after FLW_GIVE_UP_MS → timeout.
   */
  async reconcileFlutterwave(olderThanMs = RECONCILE_AFTER_MS, limit = 100): Promise<number> {
    const now = Date.now();
    const due = await this.ds.manager.find(Purchase, {
      where: { status: 'pending', provider: 'flutterwave', createdAt: LessThan(new Date(now - olderThanMs)) },
      order: { id: 'ASC' },
      take: limit,
    });
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
        this.logger.warn({ purchaseId: p.id, err: err instanceof Error ? err.message : String(err) }, 'flutterwave reconciliation failed');
      }
    }
    return changed;
  }

  /**
   * Applies a Flutterwave charge webhook (§2.5): verified by transaction id (§2.4) before any
   * value is given. An unknown tx_ref is ignored.
   */
  async confirmFlutterwave(webhook: FlutterwaveWebhook): Promise<ConfirmOutcome> {
    if (webhook.kind !== 'charge') return 'noop';
    const purchase = await this.ds.manager.findOne(Purchase, { where: { txRef: webhook.txRef } });
    if (!purchase) {
      this.logger.warn({ txRef: webhook.txRef }, 'flutterwave webhook for an unknown tx_ref');
      return 'noop';
    }
    if (purchase.status !== 'pending') return 'noop';
    const tx = await this.flutterwave.verifyTransaction(webhook.transactionId);
    if (!tx) return 'noop';
    const check = checkVerifiedPayment(tx, { txRef: purchase.txRef as string, currency: purchase.currency, amount: purchase.amount.toDecimal() });
    if (!check.ok && check.reason === 'status' && tx.status === 'pending') return 'noop';
    return this.applyResult(
      { id: purchase.id },
      check.ok
        ? { outcome: 'paid', resultCode: tx.status, resultDesc: `flutterwave ${tx.id}` }
        : check.reason === 'status'
          ? { outcome: 'failed', resultCode: tx.status, resultDesc: `flutterwave ${tx.id}` }
          : { outcome: 'paid', resultCode: tx.status, resultDesc: `flutterwave ${tx.id}`, paid: moneyOrNull(tx.amount) },
      (em, id) => em.update(Purchase, { id }, { flwTransactionId: String(tx.id) }),
      // A declined or failed charge simply fails; money that arrived not as asked is kept for review.
      check.ok || check.reason === 'status' ? undefined : `flutterwave check failed: ${check.reason}`,
    );
  }

  /**
   * The one place a purchase leaves `pending`: lock, check, mark, fulfil, queue SMS, commit,
   * then dispatch the SMS and e-mails.
   */
  private async applyResult(
    where: { id: string } | { checkoutRequestId: string },
    result: ProviderResult,
    extra?: (em: EntityManager, id: string) => Promise<unknown>,
    forceFlag?: string,
  ): Promise<ConfirmOutcome> {
    const smsIds: string[] = [];
    const emailIds: string[] = [];
    const outcome = await this.ds.transaction(async (em) => {
      const p = await em.findOne(Purchase, { where, lock: { mode: 'pessimistic_write' } });
      if (!p) throw new PurchaseNotFoundYetError(`no purchase for ${JSON.stringify(where)} (yet)`);
      if (p.status !== 'pending') return 'noop' as const;
      const decision: PaymentDecision = forceFlag
        ? { action: 'flag', reason: forceFlag }
        : decideMpesa(result.outcome, p.amount, result.paid ?? null);
      const common = { resultCode: result.resultCode, resultDesc: result.resultDesc.slice(0, 500) };
      await extra?.(em, p.id);
      if (decision.action === 'close') {
        await em.update(Purchase, { id: p.id }, { ...common, status: decision.status });
        return 'closed' as const;
      }
      if (decision.action === 'flag') {
        // Money arrived but not as asked: kept for review, never credited (issue 7).
        await em.update(Purchase, { id: p.id }, {
          ...common,
          status: 'failed',
          receipt: result.receipt ?? null,
          paidAmount: result.paid ?? null,
          reviewReason: decision.reason,
        });
        this.logger.warn({ purchaseId: p.id, reason: decision.reason }, 'purchase flagged for review');
        return 'flagged' as const;
      }
      const paidAt = new Date();
      await em.update(Purchase, { id: p.id }, {
        ...common,
        status: 'paid',
        receipt: result.receipt ?? null,
        paidAmount: result.paid ?? p.amount,
        paidAt,
      });
      const paid: Purchase = { ...p, ...common, status: 'paid', receipt: result.receipt ?? null, paidAt };
      const done = await this.fulfilments.get(p.kind).fulfil(em, paid);
      for (const m of done?.sms ?? []) smsIds.push(await this.sms.queue(m.to, m.body, m.purpose, em));
      emailIds.push(...(done?.emails ?? []));
      return 'paid' as const;
    });
    await this.sms.dispatch(...smsIds);
    // Nigeria / Uganda buyers get the picks by e-mail now, not at the outbox's next retry pass.
    this.emails.dispatch(...emailIds);
    return outcome;
  }

  /**
   * Records a slip sale (product.md "Money"): the tipster's 60% share pending (status W, paid into
   * the balance when the slip settles) and the platform's 40% fee (P), both keyed on the purchase
   * so a repeat is ignored. Call from the slip fulfilment, inside its transaction.
   */
  async recordSaleShare(em: EntityManager, purchase: Pick<Purchase, 'id' | 'amount'>, tipsterUserId: number): Promise<{ share: Money; fee: Money }> {
    const share = purchase.amount.percent(TIPSTER_SHARE_PERCENT);
    const fee = purchase.amount.sub(share);
    // One INSERT of both rows (one round trip less per sale: docs/PERFORMANCE.md "Payment callbacks").
    await this.insertLedger(em, [
      { userId: tipsterUserId, account: 'tipster', kind: 'sale_share', amount: share, status: 'W', purchaseId: purchase.id },
      { account: 'platform', kind: 'platform_fee', amount: fee, status: 'P', purchaseId: purchase.id },
    ]);
    return { share, fee };
  }

  /**
   * Back office `purchases` review (issue 8): flags purchase `id` for review (`review_reason` =
   * `reason`) or clears the flag (`review_reason` null); either way the admin's note, name and
   * time are kept (`review_note`, `reviewed_by`, `reviewed_at`). Changes no amount, status or
   * ledger row. Inside the caller's transaction (`manager`).
   */
  async setReview(
    id: string,
    review: { flagged: boolean; reason: string; by: string },
    { manager = this.ds.manager }: { manager?: EntityManager } = {},
  ): Promise<void> {
    await manager.update(Purchase, { id }, {
      reviewReason: review.flagged ? review.reason : null,
      reviewNote: review.reason,
      reviewedBy: review.by,
      reviewedAt: new Date(),
    });
  }

  /** Records a money movement in the caller's transaction; a second one for the same (kind, purchase) is ignored. */
  async recordLedger(em: EntityManager, entry: LedgerInput): Promise<boolean> {
    return (await this.insertLedger(em, [entry])) > 0;
  }

  /** Inserts ledger rows in one statement; rows whose (kind, purchase) exists are ignored. Returns how many were new. */
  private async insertLedger(em: EntityManager, entries: LedgerInput[]): Promise<number> {
    const res = await em
      .createQueryBuilder()
      .insert()
      .into(LedgerEntry)
      .values(entries.map((e) => ({ userId: e.userId ?? null, purchaseId: e.purchaseId ?? null, account: e.account, kind: e.kind, amount: e.amount, status: e.status })))
      .orIgnore()
      .execute();
    return res.identifiers?.filter(Boolean).length ?? 0;
  }

  /** A refused request fails the purchase; an unknown outcome keeps it pending, flagged, for reconciliation. */
  private async markPushFailed(purchaseId: string, err: unknown): Promise<void> {
    const message = err instanceof Error ? err.message : String(err);
    const unknown = err instanceof ProviderError ? err.outcomeUnknown : true;
    this.logger.warn({ purchaseId, err: message, unknown }, 'payment request failed');
    await this.ds.manager.update(
      Purchase,
      { id: purchaseId, status: 'pending' },
      unknown ? { reviewReason: `payment request outcome unknown: ${message}`.slice(0, 500) } : { status: 'failed', resultDesc: message.slice(0, 500) },
    );
  }

  private async insertPending(
    input: Pick<MpesaPurchaseInput, 'kind' | 'amount' | 'slipId' | 'subscriptionType'> & {
      provider?: 'mpesa' | 'flutterwave';
      phone?: string | null;
      email?: string | null;
      currency?: string;
    },
  ): Promise<Purchase> {
    for (let attempt = 0; ; attempt++) {
      const code = newPurchaseCode();
      try {
        return await this.ds.manager.save(
          Purchase,
          this.ds.manager.create(Purchase, {
            kind: input.kind,
            slipId: input.slipId ?? null,
            subscriptionType: input.subscriptionType ?? null,
            phone: input.phone ?? null,
            email: input.email ?? null,
            amount: input.amount,
            currency: input.currency ?? 'KES',
            provider: input.provider ?? 'mpesa',
            code,
            txRef: input.provider === 'flutterwave' ? `${input.currency}-${input.kind.toUpperCase()}-${code}` : null,
            status: 'pending',
          }),
        );
      } catch (err) {
        const constraint = (err as { constraint?: string }).constraint;
        const duplicateCode = constraint === 'uq_purchase_code' || constraint === 'uq_purchase_tx_ref';
        if (!duplicateCode || attempt >= 3) throw err;
      }
    }
  }
}

const moneyOrNull = (text: string): Money | null => {
  try {
    return Money.parse(text);
  } catch {
    return null;
  }
};
