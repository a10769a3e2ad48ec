import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The public export (docs/PRODUCT-RULES.md "Records and responsible gambling") reads every tipster
 * slip oldest first by keyset pages on (date_created, id): this index makes each page a seek, so
 * the export costs the same per page at 200,000 slips as at 2,000 (docs/PERFORMANCE.md).
 */
export class SlipExportIndex1765600000002 implements MigrationInterface {
  name = 'SlipExportIndex1765600000002';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX ix_slip_export ON slip (date_created, id) WHERE NOT jackpot`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX ix_slip_export`);
  }
}
