import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Responsible gambling (docs/PRODUCT-RULES.md "Records and responsible gambling"): per phone a
 * daily spend cap (a raise waits 24 h in `next_cap_ksh` / `next_cap_from`) and a self-exclusion
 * end (`rg_limit`); one-time SMS codes that prove holding the phone (`rg_code`, hashed). Each
 * purchase records the phone it counts against (`rg_phone`: the M-Pesa phone, or the phone of the
 * account behind a Flutterwave e-mail) and its price in Ksh (`amount_ksh`), so a day's spend is
 * one indexed sum whatever the currency.
 */
export class ResponsibleGambling1765400000000 implements MigrationInterface {
  name = 'ResponsibleGambling1765400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE purchase ADD COLUMN rg_phone text, ADD COLUMN amount_ksh numeric(12,2)`);
    await q.query(`CREATE INDEX ix_purchase_rg_phone_day ON purchase (rg_phone, created_at) WHERE rg_phone IS NOT NULL`);
    await q.query(`
      CREATE TABLE rg_limit (
        phone text PRIMARY KEY,
        daily_cap_ksh numeric(12,2),
        next_cap_ksh numeric(12,2),
        next_cap_from timestamptz,
        excluded_until timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT ck_rg_limit_caps CHECK (daily_cap_ksh IS NULL OR daily_cap_ksh >= 0)
      )`);
    await q.query(`
      CREATE TABLE rg_code (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        phone text NOT NULL,
        code_hash text NOT NULL,
        attempts int NOT NULL DEFAULT 0,
        used_at timestamptz,
        expires_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX ix_rg_code_phone ON rg_code (phone, created_at DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE rg_code`);
    await q.query(`DROP TABLE rg_limit`);
    await q.query(`DROP INDEX ix_purchase_rg_phone_day`);
    await q.query(`ALTER TABLE purchase DROP COLUMN rg_phone, DROP COLUMN amount_ksh`);
  }
}
