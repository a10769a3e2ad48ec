import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Closing odds beside the quoted ones (docs/PRODUCT-RULES.md "Records and responsible gambling",
 * closing-line value): `fixture_odds.closing`, the football-data closing price of the market (or
 * the goal model's price from the closing 1X2 and O/U 2.5). The files' recorded SHA-1s are reset
 * so that the next import, even one skipping unchanged files, writes the closing prices once.
 * Records also keep the closing-line sums per tipster (`clv_legs`, `clv_sum` in ten-thousandths).
 */
export class FixtureOddsClosing1765500000001 implements MigrationInterface {
  name = 'FixtureOddsClosing1765500000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE fixture_odds ADD COLUMN closing numeric(8,2)`);
    await q.query(`UPDATE fixture_import SET sha1 = repeat('0', 40)`);
    await q.query(`ALTER TABLE record_tipster ADD COLUMN clv_legs int NOT NULL DEFAULT 0, ADD COLUMN clv_sum bigint NOT NULL DEFAULT 0`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE record_tipster DROP COLUMN clv_legs, DROP COLUMN clv_sum`);
    await q.query(`ALTER TABLE fixture_odds DROP COLUMN closing`);
  }
}
