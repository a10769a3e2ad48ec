import { Inject, Injectable, Logger } from '@nestjs/common';
import { Clock, CLOCK } from '../../../../common/clock/clock';
import { Money } from '../../../../common/money/money';
import { AppConfig } from '../../../../config/app-config';
import type { C2bPayment, C2bValidationAnswer } from '../../../../providers/daraja/daraja-c2b';
import { matchC2bConfirmation, validateC2b } from '../../domain/c2b-payment';
import type { Purchase, PurchaseKind } from '../../entities/purchase.entity';
import {
  BatchItem,
  ConfirmOutcome,
  PaymentConfirmationService,
  ProviderResult,
} from '../../payment-confirmation.service';
import { ProcessorErrorCode } from '../../processor.errors';
import { PurchaseStartService } from '../../purchase-start.service';
import type { PaymentRail } from '../payment-rail';
import { C2bRepository, UnmatchedC2b } from './c2b.repository';

/** How long a paybill reference is accepted (docs/PRODUCT-RULES.md R200). */
export const C2B_REFERENCE_TTL_MS = 24 * 60 * 60_000;
/**
 * Paths of the C2B callbacks below PUBLIC_URL; the last segment is MPESA_CALLBACK_TOKEN. No
 * word Daraja refuses in a registered URL (docs/PROVIDERS.md §1.10).
 */
export const C2B_VALIDATION_PATH = '/api/processor/c2b/validation';
export const C2B_CONFIRMATION_PATH = '/api/processor/c2b/confirmation';

/** Input of `start`: what is bought, by which phone, for how much (Ksh, whole shillings). */
export interface C2bPurchaseInput {
  kind: PurchaseKind;
  phone: string;
  amount: Money;
  slipId?: string | null;
  subscriptionType?: string | null;
}

/** A paybill reference issued: pay `amount` Ksh to `paybill` with account number `account` before `expiresAt`. */
export interface C2bReferenceIssued {
  purchaseId: string;
  paybill: string;
  account: string;
  amount: Money;
  expiresAt: Date;
}

/**
 * The M-Pesa paybill rail (Daraja C2B; docs/PROVIDERS.md "Daraja C2B", docs/PRODUCT-RULES.md
 * R200-R204): `start` issues the reference (our purchase code) and asks nothing of Daraja;
 * `validate` answers Daraja's validation request; `confirm` applies a confirmation through
 * PaymentConfirmationService, or records the money as unmatched; `reconcile` closes a reference
 * that expired unpaid.
 */
@Injectable()
export class C2bRail implements PaymentRail<C2bPurchaseInput, C2bReferenceIssued, C2bPayment> {
  readonly provider = 'c2b' as const;
  private readonly logger = new Logger(C2bRail.name);

  constructor(
    private readonly config: AppConfig,
    private readonly starts: PurchaseStartService,
    private readonly confirmation: PaymentConfirmationService,
    private readonly repo: C2bRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /**
   * Issues the paybill reference for (phone, slip or subscription) at `amount`: the open one when
   * there is one (docs/PRODUCT-RULES.md R200), else a new pending `c2b` purchase through the
   * purchase gate, bound for C2B_REFERENCE_TTL_MS.
   * @throws ProcessorError ALREADY_BOUGHT (409) for a slip the phone has paid for (R284); the
   *   purchase gate's 403; ProcessorError PAYMENT_REQUEST_FAILED (502) when the
   *   reference cannot be stored.
   */
  async start(input: C2bPurchaseInput): Promise<C2bReferenceIssued> {
    const paybill = this.config.mpesaC2b.paybill;
    const pending = {
      ...input,
      amountKsh: input.amount,
      provider: this.provider,
      stkPromptOpen: false,
    };
    const open = await this.repo.openReference(
      input.phone,
      input.kind,
      input.slipId ?? null,
      this.clock.now(),
    );
    if (open && open.amount.equals(input.amount)) {
      // Not the open reference of a slip the phone has paid for meanwhile (R284); a new
      // reference is checked by the purchase start, in its transaction.
      await this.starts.refuseRepeat(pending);
      return { ...open, paybill };
    }
    return this.starts.start(
      pending,
      ProcessorErrorCode.PAYMENT_REQUEST_FAILED,
      async (purchase: Purchase) => {
        const expiresAt = new Date(this.clock.now().getTime() + C2B_REFERENCE_TTL_MS);
        await this.repo.insertReference(purchase.id, expiresAt);
        return {
          purchaseId: purchase.id,
          paybill,
          account: purchase.code,
          amount: purchase.amount,
          expiresAt,
        };
      },
    );
  }

  /**
   * Daraja's validation request (docs/PRODUCT-RULES.md R201): reads only, moves no money.
   * @returns `{ResultCode: "0", ResultDesc: "Accepted"}` or the rejection with its C2B code.
   */
  async validate(payment: C2bPayment): Promise<C2bValidationAnswer> {
    const ref = await this.repo.byAccount(payment.billRefNumber);
    const answer = validateC2b(
      ref,
      Money.parse(payment.amountKsh),
      payment.businessShortCode,
      this.config.mpesaC2b.paybill,
      this.clock.now(),
    );
    if (answer.ResultCode !== '0') {
      this.logger.log(
        { transId: payment.transId, account: payment.billRefNumber, code: answer.ResultCode },
        'C2B payment refused at validation',
      );
    }
    return answer;
  }

  /**
   * A C2B confirmation (docs/PRODUCT-RULES.md R202, R203): pays the reference's pending purchase
   * (receipt = TransID, UNIQUE) through PaymentConfirmationService, ignores a repeated TransID, and
   * records any other money in `unmatched_payment` (once per TransID). A purchase that left
   * `pending` between the read and the payment transaction is matched again.
   * @returns 'paid', 'flagged' for money recorded as unmatched, 'noop' for a repeat.
   */
  async confirm(payment: C2bPayment): Promise<ConfirmOutcome> {
    const paid = Money.parse(payment.amountKsh);
    for (let attempt = 0; attempt < 2; attempt++) {
      const ref = await this.repo.byAccount(payment.billRefNumber);
      const match = matchC2bConfirmation(ref, paid, payment.transId, this.clock.now());
      if (match.action === 'duplicate') return 'noop';
      if (match.action === 'unmatched') {
        const recorded = await this.repo.recordUnmatched(
          payment,
          match.reason,
          ref?.purchaseId ?? null,
        );
        if (recorded)
          this.logger.warn(
            { transId: payment.transId, reason: match.reason },
            'C2B payment unmatched: kept for refund',
          );
        return recorded ? 'flagged' : 'noop';
      }
      const outcome = await this.confirmation.apply({ id: ref!.purchaseId }, paidResult(payment));
      if (outcome !== 'noop') return outcome;
    }
    return 'noop';
  }

  /**
   * A batch of C2B confirmations in one transaction (the payments worker's group commit, as STK
   * callbacks: docs/PERFORMANCE.md "Payment callbacks"), each with the rules of `confirm`
   * (docs/PRODUCT-RULES.md R202, R203): the references' purchases locked FOR UPDATE in id order,
   * then each confirmation matched in arrival order against the state the earlier ones left (a
   * reference paid earlier in the batch is a repeat for its TransID and closed for any other, and
   * supersedes the other references of its phone and slip: R284),
   * unmatched money recorded in one INSERT (once per TransID), the payments applied by
   * PaymentConfirmationService.applyBatch.
   * @returns per confirmation, in order: 'paid', 'flagged' (recorded as unmatched) or 'noop'.
   * @throws when the transaction fails (nothing kept): apply them one by one with `confirm`.
   */
  async confirmBatch(payments: C2bPayment[]): Promise<(ConfirmOutcome | Error)[]> {
    return this.confirmation.applyBatch(async (em): Promise<BatchItem[]> => {
      const now = this.clock.now();
      const locked = await this.repo.lockByAccounts(
        em,
        payments.map((p) => p.billRefNumber),
      );
      const byAccount = new Map(
        locked.map((r) => [
          r.purchase.code,
          { ...r, status: r.purchase.status, receipt: r.purchase.receipt },
        ]),
      );
      const unmatched: UnmatchedC2b[] = [];
      // (phone, slip) paid earlier in this batch: another reference of theirs is superseded (R284).
      const paidSlips = new Set<string>();
      const slipOf = (p: Purchase) => (p.kind === 'slip' ? `${p.phone}:${p.slipId}` : null);
      const items = payments.map((payment): BatchItem | UnmatchedC2b => {
        const paid = Money.parse(payment.amountKsh);
        const ref = byAccount.get(payment.billRefNumber);
        const slip = ref ? slipOf(ref.purchase) : null;
        const state = ref
          ? {
              purchaseId: ref.purchase.id,
              status: ref.status,
              amount: ref.purchase.amount,
              expiresAt: ref.expiresAt,
              receipt: ref.receipt,
              superseded: ref.superseded || (slip !== null && paidSlips.has(slip)),
            }
          : null;
        const match = matchC2bConfirmation(state, paid, payment.transId, now);
        if (match.action === 'duplicate') return { outcome: 'noop' };
        if (match.action === 'unmatched') {
          const record = { payment, reason: match.reason, purchaseId: ref?.purchase.id ?? null };
          unmatched.push(record);
          return record;
        }
        ref!.status = 'paid'; // the rest of the batch sees the reference paid by this TransID
        ref!.receipt = payment.transId;
        if (slip) paidSlips.add(slip);
        return { purchase: ref!.purchase, result: paidResult(payment) };
      });
      const recorded = await this.repo.recordUnmatchedMany(em, unmatched);
      return items.map((item): BatchItem => {
        if ('purchase' in item || 'outcome' in item) return item;
        // The first record of a TransID in this transaction says 'flagged'; a repeat of it 'noop'.
        const first = recorded.delete(item.payment.transId);
        if (first)
          this.logger.warn(
            { transId: item.payment.transId, reason: item.reason },
            'C2B payment unmatched: kept for refund',
          );
        return { outcome: first ? 'flagged' : 'noop' };
      });
    });
  }

  /**
   * Reconciliation (docs/PRODUCT-RULES.md R204): a reference past its expiry closes its purchase
   * as timed out; nothing is asked of Daraja (a paybill payment comes by confirmation only).
   */
  async reconcile(p: Purchase): Promise<ConfirmOutcome> {
    const expiresAt = await this.repo.expiryOf(p.id);
    if (expiresAt && this.clock.now().getTime() <= expiresAt.getTime()) return 'noop';
    return this.confirmation.apply(
      { id: p.id },
      {
        outcome: 'timeout',
        resultCode: 'c2b-expired',
        resultDesc: 'Paybill reference expired unpaid',
      },
    );
  }
}

/** The result a matched C2B confirmation applies: paid `TransAmount` with receipt = TransID (UNIQUE). */
const paidResult = (payment: C2bPayment): ProviderResult => ({
  outcome: 'paid',
  resultCode: '0',
  resultDesc: 'C2B confirmation',
  receipt: payment.transId,
  paid: Money.parse(payment.amountKsh),
});
