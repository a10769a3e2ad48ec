import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { TransactionRunner } from '../../database/transaction-runner';
import { LedgerService } from '../ledger/ledger.service';
import { SmsService } from '../notifications/sms/sms.service';
import { PurchaseLookupRepository } from '../processor/purchase-lookup.repository';
import { refundReasonOf } from './domain/slip-rules';
import { cancelledSms } from './domain/slip-sale';
import { SaleRefundService } from './sale-refund.service';
import { SlipEvents, SlipSettled } from './slip-events';

/**
 * Sale-share settlement (docs/PRODUCT-RULES.md "Money", R243-R245): when slips settle
 * (`slip.settled`, one call per settlement batch), the buyers of a void slip (C) and of a lost
 * money-back slip are refunded by voucher (the tipster's share reversed, never available); the
 * other pending 60% shares become paid (W → P) for a won or lost slip, or unpaid (U) for a
 * cancelled sale with no phone to refund to.
 */
@Injectable()
export class SaleShareSettlementService implements OnModuleInit {
  private readonly logger = new Logger(SaleShareSettlementService.name);

  constructor(
    private readonly tx: TransactionRunner,
    private readonly purchaseLookup: PurchaseLookupRepository,
    private readonly ledger: LedgerService,
    private readonly events: SlipEvents,
    private readonly sms: SmsService,
    private readonly refunds: SaleRefundService,
  ) {}

  onModuleInit(): void {
    this.events.onSettledBatch(async (settled) => {
      await this.onSettledBatch(settled);
    });
  }

  /**
   * `slip.settled` for a settlement batch, in one transaction: one query for the batch's paid
   * purchases (processor); the sales of C slips and of lost money-back slips refunded by voucher
   * (SaleRefundService: voucher SMS or e-mail queued); the other shares W → P (W/L) or U (C, texted the
   * cancellation) in one UPDATE (the ledger). Only shares still W change, so a re-emit is a no-op.
   * Returns how many shares changed (refunded ones included).
   */
  async onSettledBatch(
    settled: Pick<SlipSettled, 'slipId' | 'result' | 'moneyBack'>[],
  ): Promise<number> {
    if (!settled.length) return 0;
    const smsIds: string[] = [];
    const emailIds: string[] = [];
    const resultOf = new Map(settled.map((e) => [Number(e.slipId), e.result]));
    const refundOf = new Map(
      settled.flatMap((e): [number, 'void' | 'money-back'][] => {
        const reason = refundReasonOf(e.result, !!e.moneyBack);
        return reason ? [[Number(e.slipId), reason]] : [];
      }),
    );
    const changed = await this.tx.run(async (em) => {
      const all = await this.purchaseLookup.paidSlipPurchases([...resultOf.keys()], em);
      const refunded = await this.refunds.refund(
        em,
        all.filter((p) => refundOf.has(p.slipId)).map((p) => p.id),
        (p) => refundOf.get(p.slipId) as 'void' | 'money-back',
      );
      smsIds.push(...refunded.notices.smsIds);
      emailIds.push(...refunded.notices.emailIds);
      const sold = all.filter((p) => !refunded.handled.has(p.id));
      const changedIds = new Set(
        await this.ledger.settleSaleShares(
          em,
          sold.map((p) => ({
            purchaseId: p.id,
            result: resultOf.get(p.slipId) as SlipSettled['result'],
          })),
        ),
      );
      const cancelled = sold.filter((p) => changedIds.has(p.id) && resultOf.get(p.slipId) === 'C');
      for (const b of cancelled.filter((p) => p.phone)) {
        const text = cancelledSms(b.slipId, b.code);
        smsIds.push(await this.sms.queue(b.phone as string, text, 'slip-cancelled', em));
      }
      return changedIds.size + refunded.notices.smsIds.length + refunded.notices.emailIds.length;
    });
    await this.refunds.dispatch({ smsIds, emailIds });
    if (changed) {
      this.logger.log(`${settled.length} slip(s) settled: ${changed} sale share(s) paid or unpaid`);
    }
    return changed;
  }
}
