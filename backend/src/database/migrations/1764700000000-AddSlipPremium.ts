import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Premium slips (docs/PRODUCT-RULES.md "Subscriptions, premium"): `slip.premium`, set by an admin in
 * the back office (`premium-slips`). A partial index serves the subscriber's "today's premium
 * slips" lookup, which only ever reads premium rows (a small fraction of slips).
 */
export class AddSlipPremium1764700000000 implements MigrationInterface {
  name = 'AddSlipPremium1764700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE slip ADD COLUMN premium boolean NOT NULL DEFAULT false`);
    await q.query(`CREATE INDEX ix_slip_premium ON slip (date_created DESC, id DESC) WHERE premium`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX ix_slip_premium`);
    await q.query(`ALTER TABLE slip DROP COLUMN premium`);
  }
}
