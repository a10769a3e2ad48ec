import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Result provenance on the fixture (docs/PROVIDERS.md): `result_source_kind` ('football-data' or
 * 'api-football') and `result_source_ref` (file name and match date, 'E0-2025-26.csv 2026-04-19',
 * or the API-Football fixture id), written by the result sync when a fixture is decided. Fixtures
 * already decided get them here by the same rule (the fixtures module's resultSourceOf).
 */
export class FixtureResultSource1765600000001 implements MigrationInterface {
  name = 'FixtureResultSource1765600000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE fixture ADD COLUMN result_source_kind varchar(16), ADD COLUMN result_source_ref text`);
    await q.query(
      `UPDATE fixture SET
         result_source_kind = CASE WHEN provider = 'csv' THEN 'football-data' ELSE 'api-football' END,
         result_source_ref = CASE WHEN provider = 'csv'
           THEN regexp_replace(source_ref, ':[0-9]+$', '') || ' ' || to_char(match_date, 'YYYY-MM-DD')
           ELSE external_id END
       WHERE finished_at IS NOT NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE fixture DROP COLUMN result_source_ref, DROP COLUMN result_source_kind`);
  }
}
