import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * E-mail vouchers (docs/PRODUCT-RULES.md R283; table ownership: processor): a buyer who paid by
 * card with only an e-mail (no M-Pesa phone, no account phone) holds a voucher by that e-mail.
 * - `voucher.email` (lower case), `voucher.phone` nullable: exactly one of them names the holder;
 * - `voucher_failed_attempt.email`, `phone` nullable: wrong codes are counted per holder (R247).
 */
export class VoucherEmail1766400000000 implements MigrationInterface {
  name = 'VoucherEmail1766400000000';

  async up(q: QueryRunner): Promise<void> {
    for (const table of ['voucher', 'voucher_failed_attempt']) {
      await q.query(`ALTER TABLE ${table} ALTER COLUMN phone DROP NOT NULL, ADD COLUMN email text`);
      await q.query(`ALTER TABLE ${table} ADD CONSTRAINT ck_${table}_holder CHECK ((phone IS NULL) <> (email IS NULL))`);
    }
    await q.query(`CREATE INDEX ix_voucher_email ON voucher (email, status) WHERE email IS NOT NULL`);
    await q.query(`CREATE INDEX ix_voucher_failed_attempt_email ON voucher_failed_attempt (email, attempted_at) WHERE email IS NOT NULL`);
  }

  /** Fails while an e-mail voucher exists: a buyer's credit is never dropped by a rollback. */
  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX ix_voucher_failed_attempt_email`);
    await q.query(`DROP INDEX ix_voucher_email`);
    await q.query(`DELETE FROM voucher_failed_attempt WHERE phone IS NULL`);
    for (const table of ['voucher', 'voucher_failed_attempt']) {
      await q.query(`ALTER TABLE ${table} DROP CONSTRAINT ck_${table}_holder`);
      await q.query(`ALTER TABLE ${table} DROP COLUMN email, ALTER COLUMN phone SET NOT NULL`);
    }
  }
}
