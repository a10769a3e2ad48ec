import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One open STK prompt per phone and slip (or per phone for subscriptions): `stk_prompt_open` is
 * true on a new M-Pesa purchase and the partial unique index allows one such pending row per
 * (phone, kind, slip). A purchase leaving `pending` leaves the index by itself; a prompt older
 * than the prompt window is released by PurchaseService (flag cleared, purchase kept pending for
 * reconciliation). Existing rows are not open prompts.
 */
export class LimitOpenStkPrompts1765100000000 implements MigrationInterface {
  name = 'LimitOpenStkPrompts1765100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE purchase ADD COLUMN stk_prompt_open boolean NOT NULL DEFAULT false`);
    await q.query(
      `CREATE UNIQUE INDEX uq_purchase_open_prompt ON purchase (phone, kind, COALESCE(slip_id, 0))
        WHERE status = 'pending' AND stk_prompt_open`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX uq_purchase_open_prompt`);
    await q.query(`ALTER TABLE purchase DROP COLUMN stk_prompt_open`);
  }
}
