import { Injectable } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';
import { SmsService } from '../notifications/sms/sms.service';
import {
  PaidSlipPurchase,
  PurchaseLookupRepository,
} from '../processor/purchase-lookup.repository';
import { buyerSms } from './domain/slip-sale';
import { SlipLegsService } from './slip-legs.service';
import { SlipSalesRepository } from './slip-sales.repository';

/** Most purchases "Find my tips" lists (docs/PRODUCT-RULES.md R177). */
export const RECENT_PURCHASES_LISTED = 5;

/**
 * The picks of a paid slip purchase sent again by SMS to the phone that bought it
 * (docs/PRODUCT-RULES.md R177): the same text as the fulfilment's buyer SMS (buyerSms), through
 * the SMS outbox.
 */
@Injectable()
export class SlipPicksResendService {
  constructor(
    private readonly lookup: PurchaseLookupRepository,
    private readonly repo: SlipSalesRepository,
    private readonly legs: SlipLegsService,
    private readonly sms: SmsService,
    private readonly config: AppConfig,
  ) {}

  /** The latest RECENT_PURCHASES_LISTED paid slip purchases of `msisdn` (2547XXXXXXXX), newest first. */
  recent(msisdn: string): Promise<PaidSlipPurchase[]> {
    return this.lookup.recentPaidSlipPurchases(msisdn, RECENT_PURCHASES_LISTED);
  }

  /**
   * Queues the picks SMS of `purchase` (one of `recent(msisdn)`) to `msisdn` again.
   * @returns false when the slip no longer exists (nothing sent).
   */
  async resend(msisdn: string, purchase: PaidSlipPurchase): Promise<boolean> {
    const slip = await this.repo.slip(purchase.slipId);
    if (!slip) return false;
    const text = buyerSms(
      { id: slip.id, accumulator: slip.accumulator, moneyBack: slip.moneyBack },
      await this.legs.legs(slip.id),
      purchase.code,
      this.config.publicUrl,
    );
    await this.sms.queue(msisdn, text, 'deliver-slip');
    return true;
  }
}
