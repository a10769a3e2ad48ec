import {
  averageOdds,
  batchDeltas,
  countersChanges,
  profitSeries,
  rankTipsters,
  ratingOf,
  roiOf,
  SeriesSlip,
  SettledSlipFigures,
  slipProfit,
  StatsDelta,
  statsDelta,
  tipsterFigures,
  unitsToHundredths,
} from './tipster-stats';

/** won, lost → rating, at the rounding edges (the one definition: every rating shown is computed by ratingOf). */
const RATING_TABLE: [won: number, lost: number, rating: number][] = [
  [0, 0, 0],
  [2, 1, 66.67],
  [1, 2, 33.33],
  [5, 0, 100],
  [0, 5, 0],
  [1, 7, 12.5],
  [1, 19_999, 0.01],
  [1, 20_001, 0],
  [1, 39_999, 0],
  [123, 77, 61.5],
  [2, 5, 28.57],
  [1, 1, 50],
  [1, 3, 25],
  [3, 5, 37.5],
  [1, 15, 6.25],
  [1, 5, 16.67],
  [5, 1, 83.33],
  [1, 9_999, 0.01],
  [1, 1_999, 0.05],
  [1, 159, 0.63],
  [7, 9, 43.75],
];

const PROFIT_TABLE: [
  result: 'W' | 'L' | 'C',
  settled: string,
  accumulator: string,
  profit: number,
  odds: number,
][] = [
  ['W', '2.97', '2.97', 1.97, 2.97],
  ['W', '1.85', '3.88', 0.85, 3.88],
  ['W', '1.00', '1.60', 0, 1.6],
  ['L', '5.00', '5.00', -1, 5],
  ['C', '1.00', '5.00', 0, 0],
];

describe('tipster statistics', () => {
  it('counts a won slip as settled accumulator − 1 units of profit', () => {
    expect(statsDelta('W', '2.97', '2.97')).toEqual({
      won: 1,
      lost: 0,
      cancelled: 0,
      profitHundredths: 197,
      oddsHundredths: 297,
    });
  });
  it('counts a won slip with a void leg at its settled accumulator, the average at the published one', () => {
    expect(statsDelta('W', '1.85', '3.88')).toEqual({
      won: 1,
      lost: 0,
      cancelled: 0,
      profitHundredths: 85,
      oddsHundredths: 388,
    });
  });
  it('counts a lost slip as −1 unit and a cancelled one as nothing but a cancellation', () => {
    expect(statsDelta('L', '5.00', '5.00')).toEqual({
      won: 0,
      lost: 1,
      cancelled: 0,
      profitHundredths: -100,
      oddsHundredths: 500,
    });
    expect(statsDelta('C', '1.00', '5.00')).toEqual({
      won: 0,
      lost: 0,
      cancelled: 1,
      profitHundredths: 0,
      oddsHundredths: 0,
    });
  });
  it.each(RATING_TABLE)(
    'rates %i won, %i lost as %d (won / (won + lost) in percent, 2 decimals)',
    (won, lost, rating) => {
      expect(ratingOf(won, lost)).toBe(rating);
    },
  );
  it.each(PROFIT_TABLE)(
    'a slip %s settled at %s (published %s) makes %d units profit, %d odds for the average',
    (result, settled, acc, profit, odds) => {
      expect(slipProfit(result, settled)).toBe(profit);
      expect(statsDelta(result, settled, acc).oddsHundredths / 100).toBe(odds);
    },
  );
  it('gives ROI % and average odds over settled slips', () => {
    expect(roiOf(1.97, 3)).toBe(65.67);
    expect(roiOf(-3, 3)).toBe(-100);
    expect(roiOf(0, 0)).toBe(0);
    expect(averageOdds(10.5, 4)).toBe(2.63);
    expect(averageOdds(0, 0)).toBe(0);
  });
  describe('a settled batch', () => {
    const slip = (
      userId: number,
      result: 'W' | 'L' | 'C',
      settled: string,
      acc: string,
      jackpot = false,
    ): SettledSlipFigures => ({
      userId,
      result,
      settledAccumulator: settled,
      accumulator: acc,
      jackpot,
    });
    const batch = [
      slip(7, 'W', '2.97', '2.97'),
      slip(3, 'L', '5.00', '5.00'),
      slip(7, 'W', '1.85', '3.88'),
      slip(7, 'C', '1.00', '5.00'),
      slip(7, 'L', '1.33', '1.33'),
      slip(9, 'W', '40.00', '40.00', true),
    ];

    it('sums statsDelta per tipster, leaving jackpot slips out', () => {
      expect(batchDeltas(batch)).toEqual(
        new Map([
          [
            7,
            {
              won: 2,
              lost: 1,
              cancelled: 1,
              profitHundredths: 197 + 85 - 100,
              oddsHundredths: 297 + 388 + 133,
            },
          ],
          [3, { won: 0, lost: 1, cancelled: 0, profitHundredths: -100, oddsHundredths: 500 }],
        ]),
      );
      expect(batchDeltas([slip(9, 'W', '2.00', '2.00', true)]).size).toBe(0);
    });

    it('adds exactly what the slips settled one by one add', () => {
      const oneByOne = batch
        .filter((s) => !s.jackpot)
        .map((s) => statsDelta(s.result, s.settledAccumulator, s.accumulator));
      const sum = (k: 'won' | 'lost' | 'cancelled' | 'profitHundredths' | 'oddsHundredths') =>
        oneByOne.reduce((t, d) => t + d[k], 0);
      const all = [...batchDeltas(batch).values()];
      for (const k of ['won', 'lost', 'cancelled', 'profitHundredths', 'oddsHundredths'] as const) {
        expect(all.reduce((t, d) => t + d[k], 0)).toBe(sum(k));
      }
    });

    it.each([
      // stored won, lost of tipster 7 → rating after the batch (2 won, 1 lost added)
      [undefined, 66.67],
      [{ won: 0, lost: 0 }, 66.67],
      [{ won: 8, lost: 1 }, 83.33],
      [{ won: 0, lost: 7 }, 20],
    ])(
      'rates tipster 7 with stored counters %p at %d after the batch, in user id order',
      (stored, rating) => {
        const totals = new Map(stored ? [[7, stored]] : []);
        const changes = countersChanges(batchDeltas(batch), totals);
        expect(changes.map((c) => c.userId)).toEqual([3, 7]);
        expect(changes[1]).toEqual({
          userId: 7,
          won: 2,
          lost: 1,
          cancelled: 1,
          profitHundredths: 182,
          oddsHundredths: 818,
          rating,
        });
        expect(changes[0].rating).toBe(0);
      },
    );
  });

  describe('the leaderboard order (rankTipsters)', () => {
    const d = (won: number, lost: number, profitHundredths: number, cancelled = 0): StatsDelta => ({
      won,
      lost,
      cancelled,
      profitHundredths,
      oddsHundredths: 0,
    });
    it.each<[string, [number, StatsDelta][], number, number[]]>([
      [
        'rating desc first',
        [
          [1, d(1, 1, 0)],
          [2, d(2, 1, -300)],
          [3, d(1, 2, 500)],
        ],
        2,
        [2, 1, 3],
      ],
      [
        'settled desc on equal rating',
        [
          [1, d(1, 1, 900)],
          [2, d(2, 2, 0)],
          [3, d(3, 3, -200)],
        ],
        2,
        [3, 2, 1],
      ],
      [
        'profit desc on equal rating and settled',
        [
          [1, d(2, 2, 100)],
          [2, d(2, 2, 101)],
          [3, d(2, 2, -5)],
        ],
        2,
        [2, 1, 3],
      ],
      [
        'user id asc on full ties',
        [
          [9, d(2, 1, 50)],
          [4, d(2, 1, 50)],
          [6, d(2, 1, 50)],
        ],
        2,
        [4, 6, 9],
      ],
      // 2/3 and 6667/10000 differ exactly but both rate 66.67: the rounded rating ties, settled decides
      [
        'the rounded rating, not the exact ratio',
        [
          [1, d(2, 1, 0)],
          [2, d(6667, 3333, 0)],
        ],
        2,
        [2, 1],
      ],
      // 1/6 and 2/12 both rate 16.67 (more settled first), 1666/10000 rates 16.66
      [
        'rounding edges',
        [
          [1, d(1, 5, 0)],
          [2, d(1666, 8334, 0)],
          [3, d(2, 10, 0)],
        ],
        2,
        [3, 1, 2],
      ],
      [
        'fewer than minSettled W/L left out (cancelled do not count)',
        [
          [1, d(1, 0, 0, 5)],
          [2, d(0, 2, -200)],
          [3, d(5, 0, 0)],
        ],
        2,
        [3, 2],
      ],
    ])('%s', (_name, entries, min, order) => {
      expect(rankTipsters(new Map(entries), min).map((t) => t.userId)).toEqual(order);
    });
    it('carries the figures and the rating of each tipster', () => {
      expect(rankTipsters(new Map([[5, d(2, 1, 182)]]), 2)).toEqual([
        {
          userId: 5,
          won: 2,
          lost: 1,
          cancelled: 0,
          profitHundredths: 182,
          oddsHundredths: 0,
          settled: 3,
          rating: 66.67,
        },
      ]);
    });
  });

  describe('stored figures (unitsToHundredths, tipsterFigures)', () => {
    it.each<[string, number]>([
      ['0', 0],
      ['0.00', 0],
      ['12.34', 1234],
      ['-3.50', -350],
      ['-0.01', -1],
      ['150.1', 15010],
      ['99999999.99', 9_999_999_999],
    ])('reads the stored units %s as %i hundredths', (text, hundredths) => {
      expect(unitsToHundredths(text)).toBe(hundredths);
    });
    it.each(['', 'abc', '1.234', '1e3', '--1'])('refuses %p', (text) => {
      expect(() => unitsToHundredths(text)).toThrow(RangeError);
    });
    it.each<
      [
        string,
        { won: number; lost: number; profitHundredths: number; oddsHundredths: number },
        ReturnType<typeof tipsterFigures>,
      ]
    >([
      [
        'no settled slip',
        { won: 0, lost: 0, profitHundredths: 0, oddsHundredths: 0 },
        { settled: 0, profit: 0, roi: 0, averageOdds: 0 },
      ],
      [
        '2 won 1 lost',
        { won: 2, lost: 1, profitHundredths: 197, oddsHundredths: 1085 },
        { settled: 3, profit: 1.97, roi: 65.67, averageOdds: 3.62 },
      ],
      [
        'all lost',
        { won: 0, lost: 4, profitHundredths: -400, oddsHundredths: 1000 },
        { settled: 4, profit: -4, roi: -100, averageOdds: 2.5 },
      ],
      [
        '150 slips',
        { won: 60, lost: 90, profitHundredths: 3012, oddsHundredths: 45_150 },
        { settled: 150, profit: 30.12, roi: 20.08, averageOdds: 3.01 },
      ],
    ])('%s', (_name, counters, figures) => {
      expect(tipsterFigures(counters)).toEqual(figures);
    });
  });

  describe('the profit curve (profitSeries)', () => {
    const w = (acc: string, at: string): SeriesSlip => ({
      result: 'W',
      settledAccumulator: acc,
      settledAt: at,
    });
    const l = (at: string): SeriesSlip => ({
      result: 'L',
      settledAccumulator: '4.00',
      settledAt: at,
    });
    it.each<[string, number, SeriesSlip[], [string, number][]]>([
      ['no slip', 0, [], []],
      [
        'every slip in the window: starts from 0',
        97,
        [w('3.00', 'a'), l('b'), l('c'), w('1.97', 'd')],
        [
          ['a', 2],
          ['b', 1],
          ['c', 0],
          ['d', 0.97],
        ],
      ],
      [
        'earlier slips left out: ends on the stored total',
        1250,
        [l('x'), w('2.50', 'y')],
        [
          ['x', 11],
          ['y', 12.5],
        ],
      ],
      [
        'a losing history',
        -700,
        [l('p'), l('q')],
        [
          ['p', -6],
          ['q', -7],
        ],
      ],
      ['a void leg settles at its settled accumulator', 85, [w('1.85', 'v')], [['v', 0.85]]],
      [
        'exact to the hundredth over many slips',
        1,
        Array.from({ length: 100 }, (_, i) => w('1.01', `s${i}`)),
        Array.from({ length: 100 }, (_, i) => [`s${i}`, (i - 98) / 100] as [string, number]),
      ],
    ])('%s', (_name, total, recent, points) => {
      const series = profitSeries(total, recent);
      expect(series.map((p) => [p.date, p.profit])).toEqual(points);
      if (series.length) expect(series[series.length - 1].profit).toBe(total / 100);
    });
    it('throws on a malformed settled accumulator', () => {
      expect(() => profitSeries(0, [w('x', 'a')])).toThrow(RangeError);
    });
  });
});
