import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { Clock, CLOCK } from '../../common/clock/clock';
import { AppConfig } from '../../config/app-config';
import { EmailOutboxService } from '../notifications/email-outbox.service';
import { SmsService } from '../notifications/sms/sms.service';
import type { FulfilmentResult, PaidPurchase } from '../processor/purchase-fulfilments';
import { PicksDeliveryRepository } from './picks-delivery.repository';

/** Purpose of the picks SMS in the outbox (and of its re-send / fallback). */
export const PICKS_SMS_PURPOSE = {
  picks: 'deliver-slip',
  resend: 'deliver-slip-resend',
  fallback: 'deliver-slip-fallback',
} as const;

/** One paid purchase's picks to send: the text (buyer SMS = e-mail text) and its first kick-off. */
export interface PicksToSend {
  purchase: PaidPurchase;
  slipId: number;
  /** The buyer SMS with the picks (docs/PRODUCT-RULES.md "Messages"). */
  text: string;
  /** The picks e-mail (Nigeria / Uganda purchases with an e-mail). */
  email: { subject: string; html: string } | null;
  /** The slip's first kick-off (UTC), null when unknown. */
  firstKickoffAt: Date | null;
}

/**
 * Sends a paid slip purchase's picks and starts following them (docs/PRODUCT-RULES.md
 * "Messages", R220): inside the payment transaction, the picks SMS (to the buyer's phone) and
 * the picks e-mail (to the buyer's e-mail) in their outboxes, and per purchase with a phone a
 * `picks_delivery` row whose picks SMS times out PICKS_SMS_DELIVERY_TIMEOUT_SECONDS after now
 * (application clock). The delivery check (PicksDeliveryCheckService) does the rest.
 */
@Injectable()
export class PicksDeliveryService {
  constructor(
    private readonly repo: PicksDeliveryRepository,
    private readonly sms: SmsService,
    private readonly emails: EmailOutboxService,
    private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /**
   * Queues the picks of `items` in transaction `em`; returns per item what the payment sends
   * after commit (`smsIds`, `emails`).
   */
  async start(em: EntityManager, items: PicksToSend[]): Promise<FulfilmentResult[]> {
    const withPhone = items.filter((i) => i.purchase.phone);
    const smsIds = await this.sms.queueMany(
      withPhone.map((i) => ({
        to: i.purchase.phone as string,
        body: i.text,
        purpose: PICKS_SMS_PURPOSE.picks,
      })),
      em,
    );
    const smsOf = new Map(withPhone.map((i, n) => [i.purchase.id, smsIds[n]]));
    const now = this.clock.now();
    const dueAt = new Date(now.getTime() + this.config.picksSmsDeliveryTimeoutMs);
    const rows = [];
    const results: FulfilmentResult[] = [];
    for (const item of items) {
      const p = item.purchase;
      const emails: string[] = [];
      if (p.email && item.email) {
        emails.push(
          await this.emails.add(em, {
            kind: 'deliver-slip',
            to: p.email,
            subject: item.email.subject,
            text: item.text,
            html: item.email.html,
          }),
        );
      }
      const smsId = smsOf.get(p.id);
      if (smsId) {
        rows.push({
          purchaseId: p.id,
          slipId: item.slipId,
          phone: p.phone as string,
          email: p.email,
          code: p.code,
          txRef: p.txRef,
          smsId,
          picksEmailId: emails[0] ?? null,
          firstKickoffAt: item.firstKickoffAt,
          queuedAt: now,
          dueAt,
        });
      }
      results.push({ smsIds: smsId ? [smsId] : [], emails });
    }
    await this.repo.insertMany(em, rows);
    return results;
  }
}
