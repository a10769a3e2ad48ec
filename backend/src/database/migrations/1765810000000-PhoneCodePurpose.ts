import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One-time SMS codes carry what they prove the phone for (docs/PRODUCT-RULES.md R160): `rg` (the
 * responsible-gambling controls, every code so far) or `buyer` (a buyer's history). A code of one
 * purpose is never accepted for the other, and the one-minute resend wait counts per purpose.
 */
export class PhoneCodePurpose1765810000000 implements MigrationInterface {
  name = 'PhoneCodePurpose1765810000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE rg_code ADD COLUMN purpose text NOT NULL DEFAULT 'rg'`);
    await q.query(`ALTER TABLE rg_code ADD CONSTRAINT ck_rg_code_purpose CHECK (purpose IN ('rg', 'buyer'))`);
    await q.query(`DROP INDEX ix_rg_code_phone`);
    await q.query(`CREATE INDEX ix_rg_code_phone ON rg_code (phone, purpose, created_at DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX ix_rg_code_phone`);
    await q.query(`CREATE INDEX ix_rg_code_phone ON rg_code (phone, created_at DESC)`);
    await q.query(`ALTER TABLE rg_code DROP CONSTRAINT ck_rg_code_purpose`);
    await q.query(`ALTER TABLE rg_code DROP COLUMN purpose`);
  }
}
