import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { DataRow } from '../../common/personal-data/personal-data';
import { WITHDRAWAL_STATUS } from './finance.constants';

/** The phone an erased account's withdrawals keep (docs/PRODUCT-RULES.md R263). */
export const ERASED_PHONE = 'erased';

/**
 * Finance's personal data (docs/PRODUCT-RULES.md R260, R263; docs/ARCHITECTURE.md "Personal
 * data"): a user's withdrawals with their B2C payment parts, and the erasure of the phones they
 * were paid to. Amounts are never changed.
 */
@Injectable()
export class WithdrawalDataRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** A keyset page of `userId`'s withdrawals, oldest first, each with its payment parts (`parts`). */
  withdrawalsOf(userId: number, after: string | null, limit: number): Promise<DataRow[]> {
    return this.ds.query(
      `SELECT w.id::text AS id, w.amount::text AS amount, w.total_paid::text AS total_paid, w.phone_number, w.status,
              w.approved_at, w.failure_reason, w.created_at, w.updated_at,
              COALESCE((SELECT json_agg(json_build_object('part', b.part, 'amount', b.amount::text, 'status', b.status,
                                          'transaction_id', b.transaction_id, 'created_at', b.created_at) ORDER BY b.part)
                          FROM b2c_payout b WHERE b.withdrawal_id = w.id), '[]'::json) AS parts
         FROM withdrawal w WHERE w.user_id = $1 AND w.id > COALESCE($2::bigint, 0) ORDER BY w.id LIMIT $3`,
      [userId, after, limit],
    );
  }

  /** How many withdrawals of `userId` wait for approval or payment. */
  async openWithdrawalsOf(userId: number, m: EntityManager = this.ds.manager): Promise<number> {
    const [row] = await m.query(
      `SELECT COUNT(*)::int AS n FROM withdrawal WHERE user_id = $1 AND status = $2`,
      [userId, WITHDRAWAL_STATUS.PENDING],
    );
    return row.n;
  }

  /** Replaces the phone of `userId`'s finished withdrawals by ERASED_PHONE (inside the caller's transaction). */
  async erasePhones(m: EntityManager, userId: number): Promise<void> {
    await m.query(
      `UPDATE withdrawal SET phone_number = $2, updated_at = now() WHERE user_id = $1 AND status <> $3`,
      [userId, ERASED_PHONE, WITHDRAWAL_STATUS.PENDING],
    );
  }
}
