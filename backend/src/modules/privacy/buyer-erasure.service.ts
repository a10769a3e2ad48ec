import { Injectable } from '@nestjs/common';
import { TransactionRunner } from '../../database/transaction-runner';
import { NotificationsDataRepository } from '../notifications/personal-data.repository';
import { PurchaseDataRepository } from '../processor/purchase-data.repository';
import { RgDataRepository } from '../rg/rg-data.repository';
import { SlipDataRepository } from '../slip/slip-data.repository';
import { SubscriptionDataRepository } from '../subscription/subscription-data.repository';

/** What a buyer's erasure did: purchases whose phone was erased, and purchases that keep it (younger than the retention). */
export interface BuyerErasure {
  erased: number;
  kept: number;
}

/**
 * A buyer's erasure by phone (docs/PRODUCT-RULES.md R265), in one transaction over the owning
 * modules' exported repositories: the phone leaves the purchases created before `cutoff`
 * (processor, with the unmatched paybill payments), their picks deliveries (slip), the
 * subscriptions ended before it (subscription), the SMS sent before it (notifications) and the
 * one-time codes sent before it (rg). Amounts, statuses and the ledger are untouched; spend caps,
 * self-exclusions and opt-outs stay (they protect the buyer). Idempotent.
 */
@Injectable()
export class BuyerErasureService {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly purchases: PurchaseDataRepository,
    private readonly slips: SlipDataRepository,
    private readonly subscriptions: SubscriptionDataRepository,
    private readonly rg: RgDataRepository,
    private readonly notifications: NotificationsDataRepository,
  ) {}

  /** Erases `phone` (international digits) from what is older than `cutoff`. */
  erase(phone: string, cutoff: Date): Promise<BuyerErasure> {
    return this.tx.run(async (m) => {
      const { erasedIds, kept } = await this.purchases.eraseBuyerBefore(m, phone, [], cutoff);
      await this.slips.eraseDeliveries(m, erasedIds);
      await this.subscriptions.erasePhoneBefore(m, phone, cutoff);
      await this.notifications.erase(m, { phones: [phone], emails: [] }, { before: cutoff });
      await this.rg.eraseCodes(m, phone, cutoff);
      return { erased: erasedIds.length, kept };
    });
  }
}
