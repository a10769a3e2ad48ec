import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { DataRow, PersonKeys } from '../../common/personal-data/personal-data';

/** The address an erased message keeps (docs/PRODUCT-RULES.md R263, R265). */
export const ERASED_RECIPIENT = 'erased';

/**
 * The notifications module's personal data (docs/PRODUCT-RULES.md R260, R263, R265;
 * docs/ARCHITECTURE.md "Personal data"): the SMS and e-mails sent to a person, their marketing
 * consents, and the erasure of both. A message still waiting to be sent is never erased (it
 * would be sent to nobody); the next closing or request erases it.
 */
@Injectable()
export class NotificationsDataRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** A keyset page of the SMS sent (or to be sent) to one of `phones`, oldest first. */
  smsTo(phones: string[], after: string | null, limit: number): Promise<DataRow[]> {
    return this.ds.query(
      `SELECT id::text AS id, to_msisdn, body, purpose, status, delivery_status, created_at, sent_at, delivered_at
         FROM sms_outbox WHERE to_msisdn = ANY($1::text[]) AND id > COALESCE($2::bigint, 0) ORDER BY id LIMIT $3`,
      [phones, after, limit],
    );
  }

  /** A keyset page of the e-mails sent (or to be sent) to one of `emails` (lower case), oldest first. */
  emailsTo(emails: string[], after: string | null, limit: number): Promise<DataRow[]> {
    return this.ds.query(
      `SELECT id::text AS id, kind, to_address, subject, text_body, status, created_at, sent_at
         FROM email_outbox WHERE lower(to_address) = ANY($1::text[]) AND id > COALESCE($2::bigint, 0) ORDER BY id LIMIT $3`,
      [emails, after, limit],
    );
  }

  /** The marketing consents recorded for `userId` or for one of `k`'s phones and e-mails. */
  consentsOf(userId: number | null, k: PersonKeys): Promise<DataRow[]> {
    return this.ds.query(
      `SELECT id::text AS id, channel, recipient, user_id, opted_in_at, consent_text, opt_in_source, opted_out_at, opt_out_source, updated_at
         FROM marketing_consent WHERE user_id = $1 OR recipient = ANY($2::text[]) OR lower(recipient) = ANY($3::text[]) ORDER BY id`,
      [userId, k.phones, k.emails],
    );
  }

  /**
   * Erases the messages sent to `k`'s phones and e-mails (created before `before` when given):
   * recipient replaced by ERASED_RECIPIENT, texts emptied; messages not sent yet are left. With
   * `userId`, also deletes the marketing consents of that user and of `k` (a closed account: the
   * address is gone); without, consents stay (a buyer's opt-out must keep working).
   */
  async erase(
    m: EntityManager,
    k: PersonKeys,
    opts: { userId?: number; before?: Date } = {},
  ): Promise<void> {
    const before = opts.before ?? null;
    await m.query(
      `UPDATE sms_outbox SET to_msisdn = $2, body = '', updated_at = now()
        WHERE to_msisdn = ANY($1::text[]) AND status <> 'queued' AND ($3::timestamptz IS NULL OR created_at < $3)`,
      [k.phones, ERASED_RECIPIENT, before],
    );
    await m.query(
      `UPDATE email_outbox SET to_address = $2, subject = '', text_body = '', html_body = NULL
        WHERE lower(to_address) = ANY($1::text[]) AND status IN ('sent', 'dead') AND ($3::timestamptz IS NULL OR created_at < $3)`,
      [k.emails, ERASED_RECIPIENT, before],
    );
    if (opts.userId !== undefined) {
      await m.query(
        `DELETE FROM marketing_consent WHERE user_id = $1 OR recipient = ANY($2::text[]) OR lower(recipient) = ANY($3::text[])`,
        [opts.userId, k.phones, k.emails],
      );
    }
  }
}
