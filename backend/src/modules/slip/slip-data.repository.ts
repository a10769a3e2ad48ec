import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { DataRow, PersonKeys } from '../../common/personal-data/personal-data';

/**
 * The slip module's personal data (docs/PRODUCT-RULES.md R260, R263, R265; docs/ARCHITECTURE.md
 * "Personal data"): a tipster's slips with their tips (kept under the pseudonym when the account
 * is closed: buyers bought them and the records count them), and the picks deliveries of a buyer's
 * phone or e-mail. Keyset pages by id.
 */
@Injectable()
export class SlipDataRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** The slips of `userId` with their tips (JSON array `tips`), oldest first. */
  slipsOf(userId: number, after: string | null, limit: number): Promise<DataRow[]> {
    return this.ds.query(
      `SELECT s.id::text AS id, s.price_ksh::text AS price_ksh, s.accumulator::text AS accumulator, s.jackpot, s.premium, s.slip_result,
              s.settled_accumulator::text AS settled_accumulator, s.settled_at, s.date_created, s.commitment,
              COALESCE((SELECT json_agg(json_build_object('fixture', t.fixture_id, 'market', t.market_id, 'odd', t.odd::text, 'result', t.result)
                                  ORDER BY t.position) FROM tip t WHERE t.slip_id = s.id), '[]'::json) AS tips
         FROM slip s WHERE s.user_id = $1 AND s.id > COALESCE($2::int, 0) ORDER BY s.id LIMIT $3`,
      [userId, after, limit],
    );
  }

  /** The ids of every slip of `userId` (their sales are processor's rows). */
  async slipIdsOf(userId: number): Promise<number[]> {
    const rows: { id: number }[] = await this.ds.query(
      `SELECT id FROM slip WHERE user_id = $1 ORDER BY id`,
      [userId],
    );
    return rows.map((r) => r.id);
  }

  /** How many slips of `userId` are not settled yet (on sale, or waiting for their games). */
  async openSlipsOf(userId: number): Promise<number> {
    const [row] = await this.ds.query(
      `SELECT COUNT(*)::int AS n FROM slip WHERE user_id = $1 AND slip_result IS NULL`,
      [userId],
    );
    return row.n;
  }

  /** The picks deliveries of bought slips to one of `k`'s phones or e-mails, by purchase id. */
  deliveriesOf(k: PersonKeys, after: string | null, limit: number): Promise<DataRow[]> {
    return this.ds.query(
      `SELECT d.*, d.purchase_id::text AS id FROM picks_delivery d
        WHERE (d.phone = ANY($1::text[]) OR lower(d.email) = ANY($2::text[])) AND d.purchase_id > COALESCE($3::bigint, 0)
        ORDER BY d.purchase_id LIMIT $4`,
      [k.phones, k.emails, after, limit],
    );
  }

  /** Erases the phone and e-mail of the picks deliveries of `purchaseIds` (a buyer's old purchases), inside the caller's transaction. */
  async eraseDeliveries(m: EntityManager, purchaseIds: string[]): Promise<void> {
    if (!purchaseIds.length) return;
    await m.query(
      `UPDATE picks_delivery SET phone = 'erased', email = NULL WHERE purchase_id = ANY($1::bigint[])`,
      [purchaseIds],
    );
  }
}
