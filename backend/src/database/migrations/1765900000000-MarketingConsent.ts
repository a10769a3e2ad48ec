import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Marketing consent (docs/PRODUCT-RULES.md R230, R231): one row per channel and recipient with the
 * last opt-in (time, text shown, source) and the last opt-out (time, source). No row = no consent.
 */
export class MarketingConsent1765900000000 implements MigrationInterface {
  name = 'MarketingConsent1765900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE marketing_consent (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        channel text NOT NULL CHECK (channel IN ('sms', 'email')),
        recipient text NOT NULL,
        user_id int NULL REFERENCES app_user (id) ON DELETE SET NULL,
        opted_in_at timestamptz NULL,
        consent_text text NULL,
        opt_in_source text NULL,
        opted_out_at timestamptz NULL,
        opt_out_source text NULL,
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT uq_marketing_consent UNIQUE (channel, recipient),
        CONSTRAINT ck_marketing_consent_text CHECK (opted_in_at IS NULL OR consent_text IS NOT NULL)
      )`);
    await q.query(`CREATE INDEX ix_marketing_consent_user ON marketing_consent (user_id) WHERE user_id IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE marketing_consent`);
  }
}
