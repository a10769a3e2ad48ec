import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, type Clock } from '../../common/clock/clock';
import { toNairobiIso } from '../../common/time/nairobi';
import { AppConfig } from '../../config/app-config';
import { PhoneCodeService } from '../rg/phone-code.service';
import { BuyerDataReader } from './buyer-data.reader';
import { BuyerErasureService } from './buyer-erasure.service';
import { retentionCutoff } from './domain/data-rights';
import { jsonDocument } from './domain/json-document';
import { EXPORT_FORMAT } from './privacy.constants';

/** DELETE /api/buyer/my-data answer (docs/PRODUCT-RULES.md R265). */
export interface BuyerErasureResponse {
  message: string;
  /** Purchases whose phone was erased now. */
  erased_purchases: number;
  /** Purchases that keep the phone: made after `retained_after` (Africa/Nairobi time). */
  kept_purchases: number;
  retained_after: string;
}

/**
 * A buyer's data rights by phone, without an account (docs/PRODUCT-RULES.md R261, R265): a
 * one-time SMS code of purpose `data` (rg's PhoneCodeService) proves holding the phone; then the
 * export of everything found by that phone, or the erasure of the phone from what is older than
 * RETENTION_PURCHASE_PHONE_MONTHS (AppConfig.retention, the retention job's period).
 */
@Injectable()
export class BuyerDataService {
  constructor(
    private readonly codes: PhoneCodeService,
    private readonly reader: BuyerDataReader,
    private readonly erasure: BuyerErasureService,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly config: AppConfig,
  ) {}

  /**
   * POST /api/buyer/data-code: texts a 6-digit code (10 minutes) of purpose `data`.
   * @throws RgError INVALID_PHONE (400), CODE_TOO_SOON (429).
   */
  sendCode(phone: unknown): Promise<{ message: string }> {
    return this.codes.send(phone, 'data');
  }

  /**
   * GET /api/buyer/my-data: checks the code, then answers the document's text chunks.
   * @throws RgError INVALID_PHONE, INVALID_CODE (400).
   */
  async exportFor(phone: unknown, code: unknown): Promise<AsyncGenerator<string>> {
    const holder = await this.codes.proveHolder(phone, code, 'data');
    return jsonDocument([
      { name: 'format', value: EXPORT_FORMAT },
      { name: 'generated_at', value: toNairobiIso(this.clock.now()) },
      { name: 'subject', value: { kind: 'phone', phone: holder } },
      ...this.reader.parts({ phones: [holder], emails: [] }, null),
    ]);
  }

  /**
   * DELETE /api/buyer/my-data: checks the code, then erases the phone from what is older than the
   * retention.
   * @throws RgError INVALID_PHONE, INVALID_CODE (400).
   */
  async erase(phone: unknown, code: unknown): Promise<BuyerErasureResponse> {
    const holder = await this.codes.proveHolder(phone, code, 'data');
    const cutoff = retentionCutoff(this.clock.now(), this.config.retention.purchasePhoneMonths);
    const done = await this.erasure.erase(holder, cutoff);
    return {
      message: 'Your phone number was erased from your older purchases',
      erased_purchases: done.erased,
      kept_purchases: done.kept,
      retained_after: toNairobiIso(cutoff),
    };
  }
}
