import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { AppConfig } from '../../../config/app-config';
import { EmailOutboxService } from '../../notifications/email-outbox.service';
import { SmsService } from '../../notifications/sms/sms.service';
import { voucherEmail, voucherSms } from '../domain/voucher';
import type { Voucher } from '../entities/voucher.entity';

/** The outbox rows of voucher notices, to dispatch once their transaction committed. */
export interface QueuedNotices {
  smsIds: string[];
  emailIds: string[];
}

/**
 * Tells a voucher's holder its code (docs/PRODUCT-RULES.md R241, R283): an SMS (purpose
 * `voucher`) to a phone holder, an e-mail (kind `voucher`) to an e-mail holder, both written to
 * their outbox in the caller's transaction and sent after commit.
 */
@Injectable()
export class VoucherNotices {
  constructor(
    private readonly sms: SmsService,
    private readonly emails: EmailOutboxService,
    private readonly config: AppConfig,
  ) {}

  /** Queues the notice of each voucher (`slipId`: the slip it refunds, null for change) in `em`. */
  async queue(
    em: EntityManager,
    issued: { voucher: Voucher; slipId: number | null }[],
  ): Promise<QueuedNotices> {
    const site = this.config.publicUrl;
    const smsIds = await this.sms.queueMany(
      issued.flatMap(({ voucher, slipId }) =>
        voucher.phone
          ? [{ to: voucher.phone, body: voucherSms(voucher, slipId, site), purpose: 'voucher' }]
          : [],
      ),
      em,
    );
    const emailIds: string[] = [];
    for (const { voucher, slipId } of issued) {
      if (voucher.phone || !voucher.email) continue;
      const mail = voucherEmail(voucher, slipId, site);
      emailIds.push(await this.emails.add(em, { kind: 'voucher', to: voucher.email, ...mail }));
    }
    return { smsIds, emailIds };
  }

  /** Sends the queued notices (after commit). Never throws: the outboxes retry. */
  async dispatch(queued: QueuedNotices): Promise<void> {
    if (queued.smsIds.length) await this.sms.dispatch(...queued.smsIds);
    this.emails.dispatch(...queued.emailIds);
  }
}
