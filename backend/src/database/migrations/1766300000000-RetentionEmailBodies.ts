import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * E-mail bodies in data retention (docs/PRODUCT-RULES.md R280): each `retention_run` also records
 * the e-mail period it applied, its cut-off and the e-mails whose subject and bodies it erased.
 * Runs stored before this change applied no e-mail period: they get the SMS period and cut-off
 * (the closest statement of what they did) and zero e-mails erased.
 */
export class RetentionEmailBodies1766300000000 implements MigrationInterface {
  name = 'RetentionEmailBodies1766300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE retention_run
        ADD COLUMN email_body_days int,
        ADD COLUMN email_before timestamptz,
        ADD COLUMN email_bodies_erased int NOT NULL DEFAULT 0 CHECK (email_bodies_erased >= 0)`);
    await q.query(`UPDATE retention_run SET email_body_days = sms_body_days, email_before = sms_before`);
    await q.query(`
      ALTER TABLE retention_run
        ALTER COLUMN email_body_days SET NOT NULL,
        ALTER COLUMN email_before SET NOT NULL,
        ADD CONSTRAINT ck_retention_run_email_body_days CHECK (email_body_days > 0)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE retention_run
        DROP COLUMN email_bodies_erased,
        DROP COLUMN email_before,
        DROP COLUMN email_body_days`);
  }
}
