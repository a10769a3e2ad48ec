import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { TransactionRunner } from '../../database/transaction-runner';
import { LedgerService } from '../ledger/ledger.service';
import { SmsService } from '../notifications/sms/sms.service';
import { PurchaseLookupRepository } from '../processor/purchase-lookup.repository';
import { cancelledSms } from './domain/slip-sale';
import { SlipEvents, SlipSettled } from './slip-events';

/**
 * Sale-share settlement (docs/PRODUCT-RULES.md "Money"): when slips settle (`slip.settled`, one
 * call per settlement batch), the tipster's pending 60% shares of their paid sales become paid
 * (W → P) for a won or lost slip, or unpaid (U) for a cancelled one, whose buyers are told by SMS.
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
  ) {}

  onModuleInit(): void {
    this.events.onSettledBatch(async (settled) => {
      await this.onSettledBatch(settled);
    });
  }

  /**
   * `slip.settled` for a settlement batch: W/L moves each slip's pending sale shares (W) to paid
   * (P); C marks them unpaid (U) and texts the buyers. One transaction: one query for the batch's
   * paid purchases (processor), one UPDATE of their shares (finance's ledger); only shares still W
   * change, so a re-emit is a no-op. Returns how many shares changed.
   */
  async onSettledBatch(settled: Pick<SlipSettled, 'slipId' | 'result'>[]): Promise<number> {
    if (!settled.length) return 0;
    const smsIds: string[] = [];
    const resultOf = new Map(settled.map((e) => [Number(e.slipId), e.result]));
    const changed = await this.tx.run(async (em) => {
      const sold = await this.purchaseLookup.paidSlipPurchases([...resultOf.keys()], em);
      const changedIds = new Set(
        await this.ledger.settleSaleShares(
          em,
          sold.map((p) => ({ purchaseId: p.id, result: resultOf.get(p.slipId) as SlipSettled['result'] })),
        ),
      );
      const cancelled = sold.filter((p) => changedIds.has(p.id) && resultOf.get(p.slipId) === 'C');
      for (const b of cancelled.filter((p) => p.phone)) {
        const text = cancelledSms(b.slipId, b.code);
        smsIds.push(await this.sms.queue(b.phone as string, text, 'slip-cancelled', em));
      }
      return changedIds.size;
    });
    if (smsIds.length) await this.sms.dispatch(...smsIds);
    if (changed) {
      this.logger.log(`${settled.length} slip(s) settled: ${changed} sale share(s) paid or unpaid`);
    }
    return changed;
  }
}
