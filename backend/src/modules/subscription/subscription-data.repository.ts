import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { DataRow } from '../../common/personal-data/personal-data';

/**
 * The subscription module's personal data (docs/PRODUCT-RULES.md R260, R265; docs/ARCHITECTURE.md
 * "Personal data"): the subscriptions of a phone, and the erasure of the phone from subscriptions
 * that ended before the purchase-phone retention.
 */
@Injectable()
export class SubscriptionDataRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** The subscriptions of `phones`, oldest first. */
  subscriptionsOf(phones: string[]): Promise<DataRow[]> {
    return this.ds.query(
      `SELECT id::text AS id, phone, type, starts_at, ends_at, purchase_id::text AS purchase_id, created_at
         FROM subscription WHERE phone = ANY($1::text[]) ORDER BY id`,
      [phones],
    );
  }

  /** Replaces `phone` by 'erased' in its subscriptions that ended before `cutoff` (inside the caller's transaction). */
  async erasePhoneBefore(m: EntityManager, phone: string, cutoff: Date): Promise<void> {
    await m.query(`UPDATE subscription SET phone = 'erased' WHERE phone = $1 AND ends_at < $2`, [
      phone,
      cutoff,
    ]);
  }
}
