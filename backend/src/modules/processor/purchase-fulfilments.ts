import { Injectable, Logger } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import type { SmsRequest } from '../notifications/sms/sms.service';
import type { Purchase, PurchaseKind } from './entities/purchase.entity';

/** What fulfilling a paid purchase asks for after commit. */
export interface FulfilmentResult {
  /** Texts to queue in the same transaction and send after commit (the buyer SMS). */
  sms?: SmsRequest[];
  /**
   * SMS outbox ids the fulfilment queued itself in the transaction (SmsService.queueMany with
   * `em`, when it keeps the ids: the picks SMS whose delivery the slip module follows,
   * docs/PRODUCT-RULES.md R220); sent after commit like `sms`.
   */
  smsIds?: string[];
  /** E-mail outbox ids the fulfilment added in the transaction, delivered right after commit. */
  emails?: string[];
}

/** A paid purchase as its fulfilment receives it (the processor's row, read-only to the fulfilling module). */
export type PaidPurchase = Purchase;

/**
 * What a module does when one of its purchases is paid. Called inside the payment transaction,
 * with the purchase row locked and already marked paid: write rows with `em` only (ledger rows,
 * the subscription…). Throwing rolls the payment back and the job is retried.
 */
export interface PurchaseFulfilment {
  fulfil(em: EntityManager, purchase: Purchase): Promise<FulfilmentResult | void>;
  /**
   * Optional: the same for several purchases of this kind at once (a batch of callbacks), with
   * fewer statements; one result per purchase, in order. Without it, `fulfil` runs for each.
   */
  fulfilMany?(em: EntityManager, purchases: Purchase[]): Promise<(FulfilmentResult | void)[]>;
}

/**
 * What a module does, after commit, with its kind's STK purchases just closed as timed out (1037,
 * or still "being processed" at the query's expiry) or cancelled (1032): the prompt was missed
 * (docs/PRODUCT-RULES.md R205). Called once per purchase (the close happens only from `pending`),
 * but not again when the process stops between commit and the call. A throw is logged and
 * changes nothing.
 */
export type MissedPromptsHandler = (purchases: ClosedPurchase[]) => Promise<void>;

/** A purchase closed unpaid as its missed-prompt handler receives it (read-only to that module). */
export type ClosedPurchase = Purchase;

/**
 * Registry of fulfilments by purchase kind: the subscription module registers 'subscription',
 * the slip module registers 'slip' in its `onModuleInit`. A slip purchase is then:
 *
 * ```ts
 * // SlipModule imports ProcessorModule; the buy route (POST /api/processor/buy):
 * await purchases.startMpesa({ kind: 'slip', slipId, phone: msisdn, amount: slip.price, description: 'Tip slip' });
 * // SlipPurchaseFulfilment implements PurchaseFulfilment, OnModuleInit:
 * onModuleInit() { this.fulfilments.register('slip', this); }
 * async fulfil(em, purchase) {
 *   const slip = await em.findOneOrFail(Slip, { where: { id: purchase.slipId } });
 *   await this.ledger.recordSaleShares(em, [{ purchaseId: purchase.id, amount: purchase.amount, tipsterUserId: slip.tipsterId }]); // 60% W + 40% P, once
 *   return { sms: [{ to: purchase.phone, body: buyerSms(slip, purchase.code), purpose: 'deliver-slip' }] };
 * }
 * ```
 */
@Injectable()
export class PurchaseFulfilments {
  private readonly logger = new Logger(PurchaseFulfilments.name);
  private readonly handlers = new Map<PurchaseKind, PurchaseFulfilment>();
  private readonly missed = new Map<PurchaseKind, MissedPromptsHandler>();

  /** Registers what `kind`'s missed STK prompts do (the slip module: the paybill offer, R205). */
  onMissedPrompts(kind: PurchaseKind, handler: MissedPromptsHandler): void {
    if (this.missed.has(kind))
      throw new Error(`a missed-prompt handler for '${kind}' purchases is already registered`);
    this.missed.set(kind, handler);
  }

  register(kind: PurchaseKind, handler: PurchaseFulfilment): void {
    if (this.handlers.has(kind))
      throw new Error(`a fulfilment for '${kind}' purchases is already registered`);
    this.handlers.set(kind, handler);
  }

  /** @throws Error when no module handles `kind` (the payment job then retries). */
  get(kind: PurchaseKind): PurchaseFulfilment {
    const handler = this.handlers.get(kind);
    if (!handler) throw new Error(`no fulfilment registered for '${kind}' purchases`);
    return handler;
  }

  /**
   * Runs each kind's fulfilment for its `paid` purchases inside the payment transaction `em`
   * (PaymentConfirmationService) and gathers what to do after commit: the SMS to queue, the SMS
   * outbox ids the fulfilments queued themselves, and the e-mail outbox ids.
   * @throws what a fulfilment throws, or Error for a kind no module handles (the payment rolls back).
   */
  async fulfilPaid(
    em: EntityManager,
    paid: Purchase[],
  ): Promise<{ sms: SmsRequest[]; smsIds: string[]; emails: string[] }> {
    const sms: SmsRequest[] = [];
    const smsIds: string[] = [];
    const emails: string[] = [];
    for (const kind of new Set(paid.map((p) => p.kind))) {
      const handler = this.get(kind);
      const ofKind = paid.filter((p) => p.kind === kind);
      const results = handler.fulfilMany
        ? await handler.fulfilMany(em, ofKind)
        : await sequential(ofKind, (p) => handler.fulfil(em, p));
      for (const r of results) {
        sms.push(...(r?.sms ?? []));
        smsIds.push(...(r?.smsIds ?? []));
        emails.push(...(r?.emails ?? []));
      }
    }
    return { sms, smsIds, emails };
  }

  /**
   * Hands the STK purchases just closed as timed out or cancelled to their kind's missed-prompt
   * handler (docs/PRODUCT-RULES.md R205: the slip module offers the paybill by SMS).
   * After commit; never throws (an error is logged).
   */
  async tellMissedPrompts(missed: ClosedPurchase[]): Promise<void> {
    for (const kind of new Set(missed.map((p) => p.kind))) {
      try {
        const handler = this.missed.get(kind);
        if (handler) await handler(missed.filter((p) => p.kind === kind));
      } catch (err) {
        this.logger.warn(
          { kind, purchases: missed.length, err: err instanceof Error ? err.message : String(err) },
          'missed-prompt hook failed',
        );
      }
    }
  }
}

/** `fn` over `items` one after the other (one transaction's statements run in order anyway). */
const sequential = async <T, R>(items: T[], fn: (item: T) => Promise<R>): Promise<R[]> => {
  const out: R[] = [];
  for (const item of items) out.push(await fn(item));
  return out;
};
