import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Commits every slip (not yet committed) to its picks, the SQL twin of the slip module's
 * `slipCommitment` (docs/PRODUCT-RULES.md "Records and responsible gambling"): a random 64-hex salt
 * (two v4 UUIDs from PostgreSQL's strong random source, 244 random bits) and SHA-256 of
 * `v1|slip:<id>|<fixture id>:<market id>:<odd>|…|salt:<salt>`, picks by fixture id. An
 * integration test checks it gives the same hash as the TypeScript function.
 */
export const BACKFILL_COMMITMENTS_SQL = `
  WITH salted AS (
    SELECT id, replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '') AS salt
      FROM slip WHERE commitment IS NULL)
  UPDATE slip s
     SET commit_salt = x.salt,
         commitment = encode(sha256(convert_to(concat_ws('|', 'v1', 'slip:' || x.id,
           (SELECT string_agg(t.fixture_id::text || ':' || t.market_id || ':' || t.odd::text, '|' ORDER BY t.fixture_id, t.market_id)
              FROM tip t WHERE t.slip_id = x.id),
           'salt:' || x.salt), 'UTF8')), 'hex')
    FROM salted x
   WHERE s.id = x.id`;

/**
 * Provable publishing: `slip.commit_salt` and `slip.commitment` (64 hex each). Slips published from
 * now on get them when published; existing slips get them here, from their stored picks.
 */
export class SlipCommitments1765600000000 implements MigrationInterface {
  name = 'SlipCommitments1765600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE slip ADD COLUMN commit_salt char(64), ADD COLUMN commitment char(64)`);
    await q.query(BACKFILL_COMMITMENTS_SQL);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE slip DROP COLUMN commitment, DROP COLUMN commit_salt`);
  }
}
