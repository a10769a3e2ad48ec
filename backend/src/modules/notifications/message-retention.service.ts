import { Injectable } from '@nestjs/common';
import { EmailOutboxRepository } from './email-outbox.repository';
import { SmsOutboxRepository } from './sms/sms-outbox.repository';
import { ERASE_SMS_BODIES_BATCH, ERASED_SMS_BODY } from './sms/sms.constants';

/**
 * The notifications module's part of data retention (docs/PRODUCT-RULES.md R270, R280): erases the
 * text of every SMS and the subject and bodies of every e-mail once older than their retention
 * period. Every message we send carries bought picks, a code (a purchase code, a voucher, a
 * one-time code or link) or, for marketing, an unsubscribe link naming the recipient, so no purpose
 * or kind is kept. The row (recipient, purpose or kind, status, delivery report, cost) stays for
 * the accounts; messages still waiting to be sent are left. Idempotent: an erased row is not
 * counted again.
 */
@Injectable()
export class MessageRetentionService {
  constructor(
    private readonly sms: SmsOutboxRepository,
    private readonly emails: EmailOutboxRepository,
  ) {}

  /** Erases the text of every SMS created before `before` and no longer waiting to be sent; returns the rows erased. */
  eraseSmsBodies(before: Date): Promise<number> {
    return this.inBatches((limit) => this.sms.eraseBodies(before, ERASED_SMS_BODY, limit));
  }

  /**
   * Empties the subject and bodies of every e-mail created before `before` that was sent or given
   * up (`sent`, `dead`); the text body becomes ERASED_SMS_BODY's marker. Returns the rows erased.
   */
  eraseEmailBodies(before: Date): Promise<number> {
    return this.inBatches((limit) => this.emails.eraseBodies(before, ERASED_SMS_BODY, limit));
  }

  private async inBatches(erase: (limit: number) => Promise<number>): Promise<number> {
    let total = 0;
    for (;;) {
      const n = await erase(ERASE_SMS_BODIES_BATCH);
      total += n;
      if (n < ERASE_SMS_BODIES_BATCH) return total;
    }
  }
}
