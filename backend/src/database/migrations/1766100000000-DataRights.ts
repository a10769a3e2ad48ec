import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Data rights (docs/PRODUCT-RULES.md R260-R266): an erased account keeps its row (its slips,
 * ledger rows and records point at it) with its personal fields replaced by a tombstone,
 * `erased_at` set and the SHA-256 of its former username (lower case) kept 30 days so that the
 * name cannot be registered again at once. Every erased account is shown as "deleted tipster", so
 * the username's uniqueness holds among live accounts only. One-time SMS codes gain the purpose
 * `data` (a buyer's export and erasure by phone).
 */
export class DataRights1766100000000 implements MigrationInterface {
  name = 'DataRights1766100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE app_user ADD COLUMN erased_at timestamptz, ADD COLUMN erased_username_hash text`);
    await q.query(`DROP INDEX uq_app_user_username`);
    await q.query(`CREATE UNIQUE INDEX uq_app_user_username ON app_user (lower(username)) WHERE erased_at IS NULL`);
    await q.query(`ALTER TABLE app_user DROP CONSTRAINT ck_app_user_username`);
    await q.query(
      `ALTER TABLE app_user ADD CONSTRAINT ck_app_user_username CHECK (username ~ '^[A-Za-z0-9_.]{3,30}$' OR (erased_at IS NOT NULL AND username = 'deleted tipster'))`,
    );
    await q.query(`CREATE INDEX ix_app_user_erased_username ON app_user (erased_username_hash) WHERE erased_username_hash IS NOT NULL`);
    await q.query(`ALTER TABLE rg_code DROP CONSTRAINT ck_rg_code_purpose`);
    await q.query(`ALTER TABLE rg_code ADD CONSTRAINT ck_rg_code_purpose CHECK (purpose IN ('rg', 'buyer', 'data'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM rg_code WHERE purpose = 'data'`);
    await q.query(`ALTER TABLE rg_code DROP CONSTRAINT ck_rg_code_purpose`);
    await q.query(`ALTER TABLE rg_code ADD CONSTRAINT ck_rg_code_purpose CHECK (purpose IN ('rg', 'buyer'))`);
    await q.query(`DROP INDEX ix_app_user_erased_username`);
    await q.query(`DROP INDEX uq_app_user_username`);
    await q.query(`UPDATE app_user SET username = 'deleted_' || id WHERE erased_at IS NOT NULL`);
    await q.query(`ALTER TABLE app_user DROP CONSTRAINT ck_app_user_username`);
    await q.query(`ALTER TABLE app_user ADD CONSTRAINT ck_app_user_username CHECK (username ~ '^[A-Za-z0-9_.]{3,30}$')`);
    await q.query(`CREATE UNIQUE INDEX uq_app_user_username ON app_user (lower(username))`);
    await q.query(`ALTER TABLE app_user DROP COLUMN erased_username_hash, DROP COLUMN erased_at`);
  }
}
