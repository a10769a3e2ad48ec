import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Money-back slips in the tipster records (docs/PRODUCT-RULES.md R279; table ownership: records):
 * `money_back` (settled money-back slips) and `money_back_refunded` (the lost ones, whose buyers
 * were refunded by voucher: R244) on `record_tipster`, and on `record_market` / `record_league`
 * per row (each slip once per row it has a leg in). The slips counted before this migration
 * (`record_slip`) are counted once here, as RecordsService counts them from now on
 * (records/domain/records.ts `moneyBackDelta`).
 */
export class RecordMoneyBack1766300000270 implements MigrationInterface {
  name = 'RecordMoneyBack1766300000270';

  async up(q: QueryRunner): Promise<void> {
    for (const table of ['record_tipster', 'record_market', 'record_league']) {
      await q.query(`ALTER TABLE ${table} ADD COLUMN money_back int NOT NULL DEFAULT 0, ADD COLUMN money_back_refunded int NOT NULL DEFAULT 0`);
    }
    const counted = `FROM record_slip rs JOIN slip s ON s.id = rs.slip_id WHERE s.money_back AND s.slip_result IS NOT NULL`;
    await q.query(`
      UPDATE record_tipster r SET money_back = v.n, money_back_refunded = v.refunded
        FROM (SELECT s.user_id, count(*)::int AS n, (count(*) FILTER (WHERE s.slip_result = 'L'))::int AS refunded ${counted} GROUP BY s.user_id) v
       WHERE r.user_id = v.user_id`);
    await q.query(`
      UPDATE record_market r SET money_back = v.n, money_back_refunded = v.refunded
        FROM (SELECT s.user_id, m.type, count(DISTINCT s.id)::int AS n, (count(DISTINCT s.id) FILTER (WHERE s.slip_result = 'L'))::int AS refunded
                ${counted.replace('WHERE', 'JOIN tip t ON t.slip_id = s.id JOIN market m ON m.id = t.market_id WHERE')} GROUP BY s.user_id, m.type) v
       WHERE r.user_id = v.user_id AND r.market_type = v.type`);
    await q.query(`
      UPDATE record_league r SET money_back = v.n, money_back_refunded = v.refunded
        FROM (SELECT s.user_id, f.league_id, count(DISTINCT s.id)::int AS n, (count(DISTINCT s.id) FILTER (WHERE s.slip_result = 'L'))::int AS refunded
                ${counted.replace('WHERE', 'JOIN tip t ON t.slip_id = s.id JOIN fixture f ON f.id = t.fixture_id WHERE')} GROUP BY s.user_id, f.league_id) v
       WHERE r.user_id = v.user_id AND r.league_id = v.league_id`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['record_tipster', 'record_market', 'record_league']) {
      await q.query(`ALTER TABLE ${table} DROP COLUMN money_back, DROP COLUMN money_back_refunded`);
    }
  }
}
