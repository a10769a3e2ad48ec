import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Backoff of the reconciliation of pending purchases (docs/PRODUCT-RULES.md R190-R192;
 * docs/RELIABILITY.md "A lost STK callback"): how many times the provider was asked about a
 * purchase that stayed pending (`reconcile_attempts`) and when to ask next (`next_reconcile_at`,
 * null = as soon as its grace period is over). No money column changes.
 */
export class PurchaseReconcileBackoff1765800000190 implements MigrationInterface {
  name = 'PurchaseReconcileBackoff1765800000190';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE purchase ADD COLUMN reconcile_attempts integer NOT NULL DEFAULT 0 CHECK (reconcile_attempts >= 0),
                            ADD COLUMN next_reconcile_at timestamptz`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE purchase DROP COLUMN reconcile_attempts, DROP COLUMN next_reconcile_at`);
  }
}
