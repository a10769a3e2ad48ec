import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The 49 markets of docs/PRODUCT-RULES.md R115 with their stable ids (never renumbered: slips store
 * the id as `market_type`). The same list is built in modules/fixtures/domain/markets.ts; a unit
 * test checks the two agree. Literal here because a merged migration never changes.
 */
const MARKET_ROWS: [number, string, string, string][] = [
  [1, '1X2', 'HOME WIN', 'home_win'],
  [2, '1X2', 'DRAW', 'game_draw'],
  [3, '1X2', 'AWAY WIN', 'away_win'],
  [4, 'OU', 'OVER 2.5', 'over_2_5'],
  [5, 'OU', 'UNDER 2.5', 'under_2_5'],
  [6, 'OU', 'OVER 1.5', 'over_1_5'],
  [7, 'OU', 'UNDER 1.5', 'under_1_5'],
  [8, 'BT', 'GG', 'both_gg'],
  [9, 'BT', 'NG', 'both_ng'],
  [10, 'DC', '1X', 'double_1x'],
  [11, 'DC', '12', 'double_12'],
  [12, 'DC', 'X2', 'double_x2'],
  [13, 'HFT', '1/1', 'hft_11'],
  [14, 'HFT', '1/X', 'hft_1x'],
  [15, 'HFT', '1/2', 'hft_12'],
  [16, 'HFT', 'X/1', 'hft_x1'],
  [17, 'HFT', 'X/X', 'hft_xx'],
  [18, 'HFT', 'X/2', 'hft_x2'],
  [19, 'HFT', '2/1', 'hft_21'],
  [20, 'HFT', '2/X', 'hft_2x'],
  [21, 'HFT', '2/2', 'hft_22'],
  [22, 'CS', '0-0', 'cs_0_0'],
  [23, 'CS', '0-1', 'cs_0_1'],
  [24, 'CS', '0-2', 'cs_0_2'],
  [25, 'CS', '0-3', 'cs_0_3'],
  [26, 'CS', '0-4', 'cs_0_4'],
  [27, 'CS', '0-5', 'cs_0_5'],
  [28, 'CS', '0-6', 'cs_0_6'],
  [29, 'CS', '1-0', 'cs_1_0'],
  [30, 'CS', '1-1', 'cs_1_1'],
  [31, 'CS', '1-2', 'cs_1_2'],
  [32, 'CS', '1-3', 'cs_1_3'],
  [33, 'CS', '1-4', 'cs_1_4'],
  [34, 'CS', '1-5', 'cs_1_5'],
  [35, 'CS', '2-0', 'cs_2_0'],
  [36, 'CS', '2-1', 'cs_2_1'],
  [37, 'CS', '2-2', 'cs_2_2'],
  [38, 'CS', '2-3', 'cs_2_3'],
  [39, 'CS', '2-4', 'cs_2_4'],
  [40, 'CS', '3-0', 'cs_3_0'],
  [41, 'CS', '3-1', 'cs_3_1'],
  [42, 'CS', '3-2', 'cs_3_2'],
  [43, 'CS', '3-3', 'cs_3_3'],
  [44, 'CS', '4-0', 'cs_4_0'],
  [45, 'CS', '4-1', 'cs_4_1'],
  [46, 'CS', '4-2', 'cs_4_2'],
  [47, 'CS', '5-0', 'cs_5_0'],
  [48, 'CS', '5-1', 'cs_5_1'],
  [49, 'CS', '6-0', 'cs_6_0'],
];

export class SeedMarkets1764000000001 implements MigrationInterface {
  name = 'SeedMarkets1764000000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `INSERT INTO market (id, type, value, odds_key)
       SELECT * FROM unnest($1::smallint[], $2::varchar[], $3::varchar[], $4::varchar[])`,
      [MARKET_ROWS.map((r) => r[0]), MARKET_ROWS.map((r) => r[1]), MARKET_ROWS.map((r) => r[2]), MARKET_ROWS.map((r) => r[3])],
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM market WHERE id = ANY($1::smallint[])`, [MARKET_ROWS.map((r) => r[0])]);
  }
}

/** The seeded rows, for the test that compares them with the domain catalogue. */
export const SEEDED_MARKET_ROWS: readonly [number, string, string, string][] = MARKET_ROWS;
