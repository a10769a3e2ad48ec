import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The B2C float last reported by Daraja (docs/PRODUCT-RULES.md R195; table ownership: finance):
 * one row, the available balance of our B2C shortcode's Utility Account (Ksh), when Daraja
 * reported it and by which answer (`account-balance` or a `b2c-result`). Payouts are held while
 * a fresh report says it cannot cover them.
 */
export class B2cFloat1765800000191 implements MigrationInterface {
  name = 'B2cFloat1765800000191';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE b2c_float (
        id smallint PRIMARY KEY CHECK (id = 1),
        utility_available numeric(14, 2) NOT NULL,
        reported_at timestamptz NOT NULL,
        source text NOT NULL
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE b2c_float`);
  }
}
