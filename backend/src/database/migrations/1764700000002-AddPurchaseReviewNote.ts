import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Admin review of purchases (docs/PRODUCT-RULES.md "Back office", `purchases`): the admin's note when flagging a purchase for
 * review or clearing the flag, who wrote it and when. No money column changes.
 */
export class AddPurchaseReviewNote1764700000002 implements MigrationInterface {
  name = 'AddPurchaseReviewNote1764700000002';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE purchase ADD COLUMN review_note text, ADD COLUMN reviewed_by text, ADD COLUMN reviewed_at timestamptz`);
    await q.query(`CREATE INDEX ix_purchase_flagged ON purchase (created_at DESC, id DESC) WHERE review_reason IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX ix_purchase_flagged`);
    await q.query(`ALTER TABLE purchase DROP COLUMN review_note, DROP COLUMN reviewed_by, DROP COLUMN reviewed_at`);
  }
}
