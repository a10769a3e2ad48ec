import { Injectable } from '@nestjs/common';
import { SmsOutboxRepository } from './sms-outbox.repository';
import { ERASE_SMS_BODIES_BATCH, ERASED_SMS_BODY } from './sms.constants';

/**
 * The SMS outbox's part of data retention (docs/PRODUCT-RULES.md R270): erases the text of the
 * messages that carried bought picks once they are older than the retention period. The row
 * (number, purpose, status, delivery report, cost) stays for the accounts; only the text goes.
 */
@Injectable()
export class SmsRetentionService {
  constructor(private readonly outbox: SmsOutboxRepository) {}

  /**
   * Erases the text of every row of `purposes` created before `before` and no longer waiting to
   * be sent, in batches; idempotent (an erased row is not counted again). Returns the rows erased.
   * The purposes are the caller's (the slip module names its picks messages).
   */
  async eraseBodies(purposes: readonly string[], before: Date): Promise<number> {
    if (!purposes.length) return 0;
    let total = 0;
    for (;;) {
      const n = await this.outbox.eraseBodies(
        purposes,
        before,
        ERASED_SMS_BODY,
        ERASE_SMS_BODIES_BATCH,
      );
      total += n;
      if (n < ERASE_SMS_BODIES_BATCH) return total;
    }
  }
}
