import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The records module's tables (docs/PRODUCT-RULES.md "Records and responsible gambling";
 * docs/ARCHITECTURE.md "Table ownership"): figures precomputed at settlement, so a read never
 * walks a tipster's slips. `record_slip` holds every slip already counted (the settlement event
 * may be delivered again); `record_tipster` the per-tipster totals, streak state and buyer-return
 * sums; `record_market` / `record_league` the per-leg breakdowns. Profit in units with 2 decimals,
 * Ksh with 2 decimals.
 */
export class CreateRecords1765500000000 implements MigrationInterface {
  name = 'CreateRecords1765500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE record_slip (
        slip_id int PRIMARY KEY,
        user_id int NOT NULL,
        recorded_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE record_tipster (
        user_id int PRIMARY KEY,
        won int NOT NULL DEFAULT 0,
        lost int NOT NULL DEFAULT 0,
        cancelled int NOT NULL DEFAULT 0,
        profit numeric(14,2) NOT NULL DEFAULT 0,
        peak numeric(14,2) NOT NULL DEFAULT 0,
        max_drawdown numeric(14,2) NOT NULL DEFAULT 0,
        streak_current int NOT NULL DEFAULT 0,
        longest_losing int NOT NULL DEFAULT 0,
        last10 varchar(10) NOT NULL DEFAULT '',
        paid_ksh numeric(14,2) NOT NULL DEFAULT 0,
        payout numeric(14,2) NOT NULL DEFAULT 0,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    for (const [table, key] of [['record_market', 'market_type varchar(3)'], ['record_league', 'league_id int']]) {
      await q.query(`
        CREATE TABLE ${table} (
          user_id int NOT NULL,
          ${key} NOT NULL,
          legs int NOT NULL DEFAULT 0,
          won int NOT NULL DEFAULT 0,
          lost int NOT NULL DEFAULT 0,
          void int NOT NULL DEFAULT 0,
          profit numeric(14,2) NOT NULL DEFAULT 0,
          PRIMARY KEY (user_id, ${key.split(' ')[0]})
        )`);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE record_league, record_market, record_tipster, record_slip`);
  }
}
