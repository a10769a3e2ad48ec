import { createUser } from '../../factories/account';
import { pinClock } from '../../factories/fixtures';
import { createTestContext, TestContext } from '../../setup/test-app';

jest.setTimeout(120_000);

/** Wednesday of the ISO week that starts on Monday 2026-11-23 00:00 Nairobi. */
const NOW = '2026-11-25T12:00:00+03:00';
const THIS_WEEK = '2026-11-24T10:00:00+03:00';
/** Sunday of the week before: not counted. */
const LAST_WEEK = '2026-11-22T23:59:00+03:00';

/** One slip: result, settled accumulator (null for a cancelled slip), published accumulator, when settled, jackpot. */
type Slip = [
  result: 'W' | 'L' | 'C' | null,
  settled: string | null,
  acc: string,
  at?: string,
  jackpot?: boolean,
];
const times = (n: number, s: Slip): Slip[] => Array.from({ length: n }, () => s);

/** The tipsters in user id order, with their slips. */
const TIPSTERS: [username: string, slips: Slip[]][] = [
  ['wk_one', [['W', '3.00', '3.00'], ...times(5, ['L', '2.00', '2.00'])]],
  ['wk_two', [...times(2, ['W', '2.00', '2.00']), ...times(10, ['L', '1.50', '1.50'])]],
  ['wk_three', [['W', '3.01', '3.01'], ...times(5, ['L', '2.00', '2.00'])]],
  // wk_one's figures plus a cancelled slip (a tip, no settled slip): ties wk_one on every key
  ['wk_four', [['W', '3.00', '3.00'], ...times(5, ['L', '2.00', '2.00']), ['C', null, '4.00']]],
  // a void leg: won at 1.50, published at 4.00
  ['wk_five', [['W', '1.50', '4.00'], ...times(31, ['L', '1.10', '1.10'])]],
  ['wk_six', [['W', '2.50', '2.50'], ...times(2, ['L', '2.00', '2.00'])]],
  // one settled slip this week: the jackpot slip and last week's slip do not count, the open one neither
  [
    'wk_seven',
    [
      ['W', '2.00', '2.00'],
      ['W', '9.00', '9.00', THIS_WEEK, true],
      ['L', '2.00', '2.00', LAST_WEEK],
      [null, null, '3.00'],
    ],
  ],
  [
    'wk_eight',
    [
      ['W', '1.25', '1.25'],
      ['W', '1.75', '1.75'],
    ],
  ],
  ['wk_nine', times(4, ['W', '1.10', '1.10'])],
];

/**
 * Hand computation (docs/PRODUCT-RULES.md "Tipster statistics": rating = 100 × won / (won + lost)
 * with 2 decimals, profit = Σ (settled accumulator − 1) over W − number of L, ROI = profit /
 * settled × 100, average odds = Σ accumulator / settled; at least 2 W/L this week; rating desc,
 * settled desc, profit desc, user id).
 */
const EXPECTED = [
  // 100 %: 4 settled before 2
  {
    username: 'wk_nine',
    tips: 4,
    won: 4,
    lost: 0,
    rating: 100,
    profit: 0.4,
    roi: 10,
    average_odds: 1.1,
  },
  {
    username: 'wk_eight',
    tips: 2,
    won: 2,
    lost: 0,
    rating: 100,
    profit: 1,
    roi: 50,
    average_odds: 1.5,
  },
  // 1 / 3
  {
    username: 'wk_six',
    tips: 3,
    won: 1,
    lost: 2,
    rating: 33.33,
    profit: -0.5,
    roi: -16.67,
    average_odds: 2.17,
  },
  // 1 / 6 = 2 / 12 = 16.666… → 16.67: 12 settled first, then profit −2.99 before −3.00, then user id
  {
    username: 'wk_two',
    tips: 12,
    won: 2,
    lost: 10,
    rating: 16.67,
    profit: -8,
    roi: -66.67,
    average_odds: 1.58,
  },
  {
    username: 'wk_three',
    tips: 6,
    won: 1,
    lost: 5,
    rating: 16.67,
    profit: -2.99,
    roi: -49.83,
    average_odds: 2.17,
  },
  {
    username: 'wk_one',
    tips: 6,
    won: 1,
    lost: 5,
    rating: 16.67,
    profit: -3,
    roi: -50,
    average_odds: 2.17,
  },
  {
    username: 'wk_four',
    tips: 7,
    won: 1,
    lost: 5,
    rating: 16.67,
    profit: -3,
    roi: -50,
    average_odds: 2.17,
  },
  // 1 / 32 = 3.125 → 3.13 (half up); profit 0.50 − 31, ROI −95.3125 → −95.31, odds (4.00 + 31 × 1.10) / 32 = 1.190625
  {
    username: 'wk_five',
    tips: 32,
    won: 1,
    lost: 31,
    rating: 3.13,
    profit: -30.5,
    roi: -95.31,
    average_odds: 1.19,
  },
];

/** GET /v2/api/tipster/data/?all=1&weekly=1 on a week with ties at the rounding edges (docs/PRODUCT-RULES.md "Tipster statistics"). */
describe('weekly leaderboard', () => {
  let t: TestContext;

  beforeAll(async () => {
    t = await createTestContext();
    pinClock(t, NOW);
    for (const [i, [username, slips]] of TIPSTERS.entries()) {
      const { user } = await createUser(t.ds, {
        username,
        phoneNumber: `07009300${String(i).padStart(2, '0')}`,
        role: 'tipster',
      });
      for (const [result, settled, acc, at = THIS_WEEK, jackpot = false] of slips) {
        await t.ds.query(
          `INSERT INTO slip (user_id, price_ksh, accumulator, jackpot, slip_result, settled_accumulator, settled_at, date_created)
           VALUES ($1, 50, $2, $3, $4, $5, $6, $7)`,
          [
            user.id,
            acc,
            jackpot,
            result,
            settled,
            result === null ? null : at,
            '2026-11-20T09:00:00+03:00',
          ],
        );
      }
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  it("ranks this ISO week's settled tipster slips by rating, settled, profit and user id, with the hand-computed figures", async () => {
    const res = await t.request('GET', '/v2/api/tipster/data/?all=1&weekly=1');
    expect(res.status).toBe(200);
    expect(res.body.next).toBeNull();
    expect(
      res.body.results.map(({ profile_image: _image, ...r }: { profile_image: unknown }) => r),
    ).toEqual(EXPECTED);
  });
});
