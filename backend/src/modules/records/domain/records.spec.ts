import {
  applySlip,
  breakdownFigures,
  buyerDelta,
  buyerReturn,
  clvOf,
  EMPTY_STREAKS,
  legClv,
  legDelta,
  moneyBackDelta,
  SlipResult,
  StreakState,
  trustRating,
  wilsonLowerBound,
} from './records';

describe('records rules', () => {
  it.each([
    ['W', '1.85', { won: 1, lost: 0, void: 0, profitHundredths: 85 }],
    ['W', '2', { won: 1, lost: 0, void: 0, profitHundredths: 100 }],
    ['L', '3.10', { won: 0, lost: 1, void: 0, profitHundredths: -100 }],
    ['V', '1.50', { won: 0, lost: 0, void: 1, profitHundredths: 0 }],
  ] as const)('leg %s at %s', (result, odd, expected) => {
    expect(legDelta(result, odd)).toEqual({ legs: 1, ...expected });
  });

  const fold = (seq: [SlipResult, string][]): StreakState =>
    seq.reduce((s, [r, acc]) => applySlip(s, r, acc), EMPTY_STREAKS);

  it.each([
    [
      'nothing settled',
      [],
      {
        current: 0,
        longestLosing: 0,
        profitHundredths: 0,
        peakHundredths: 0,
        maxDrawdownHundredths: 0,
        last10: '',
      },
    ],
    [
      'W W',
      [
        ['W', '2.00'],
        ['W', '1.50'],
      ],
      {
        current: 2,
        longestLosing: 0,
        profitHundredths: 150,
        peakHundredths: 150,
        maxDrawdownHundredths: 0,
        last10: 'WW',
      },
    ],
    [
      'W L L C L',
      [
        ['W', '3.00'],
        ['L', '2.00'],
        ['L', '2.00'],
        ['C', '1.00'],
        ['L', '4.00'],
      ],
      {
        current: -3,
        longestLosing: 3,
        profitHundredths: -100,
        peakHundredths: 200,
        maxDrawdownHundredths: 300,
        last10: 'WLLCL',
      },
    ],
    [
      'L L W',
      [
        ['L', '2.00'],
        ['L', '2.00'],
        ['W', '5.00'],
      ],
      {
        current: 1,
        longestLosing: 2,
        profitHundredths: 200,
        peakHundredths: 200,
        maxDrawdownHundredths: 200,
        last10: 'LLW',
      },
    ],
  ] as [string, [SlipResult, string][], StreakState][])('streaks: %s', (_, seq, expected) => {
    expect(fold(seq)).toEqual(expected);
  });

  it('keeps the last 10 results, oldest first', () => {
    const seq: [SlipResult, string][] = [...Array(12)].map((_, i) => [
      i % 3 === 0 ? 'L' : 'W',
      '2.00',
    ]);
    expect(fold(seq).last10).toBe('WLWWLWWLWW');
  });

  it.each([
    ['W', '2.97', '100.00', { priceCents: 10_000, payoutHundredths: 297 }],
    ['L', '2.97', '50', { priceCents: 5_000, payoutHundredths: 0 }],
    ['C', '1.00', '150.50', { priceCents: 15_050, payoutHundredths: 100 }],
  ] as const)('buyer delta %s', (result, acc, price, expected) => {
    expect(buyerDelta(result, acc, price)).toEqual(expected);
  });

  it('buyer return: paid, staked, returned and net exactly', () => {
    // Slips: W 2.97 at Ksh 100, L at Ksh 50, C at Ksh 150.50; stake Ksh 100.
    const r = buyerReturn(100, 3, 10_000 + 5_000 + 15_050, 297 + 0 + 100);
    expect(JSON.parse(JSON.stringify(r))).toEqual({
      stake: 100,
      slips: 3,
      paid_ksh: '300.50',
      staked_ksh: '300.00',
      returned_ksh: '397.00',
      net_ksh: '-203.50',
    });
    expect(() => buyerReturn(1.5, 1, 0, 0)).toThrow(RangeError);
  });

  it.each([
    [0, 0, 0],
    [1, 0, 20.65],
    [10, 0, 72.25],
    [5, 5, 23.66],
    [60, 40, 50.2],
    [600, 400, 56.93],
    [0, 30, 0],
  ])('Wilson lower bound of %i won / %i lost = %d %%', (won, lost, bound) => {
    expect(wilsonLowerBound(won, lost)).toBe(bound);
  });

  it('trust rating: null below 30 settled slips, the Wilson bound from 30', () => {
    expect(trustRating(20, 9)).toEqual({ value: null, method: '/how-ratings-work' });
    expect(trustRating(20, 10)).toEqual({
      value: wilsonLowerBound(20, 10),
      method: '/how-ratings-work',
    });
    expect(trustRating(20, 10).value).toBe(48.78);
  });

  it.each([
    ['2.00', '2.00', 10_000],
    ['2.10', '2.00', 10_500],
    ['1.85', '1.95', 9_487],
    ['3.00', '2.80', 10_714],
  ])('CLV of a leg quoted %s closing %s = %i ten-thousandths', (odd, closing, clv) => {
    expect(legClv(odd, closing)).toBe(clv);
  });

  it('CLV mean over the legs with closing odds', () => {
    expect(clvOf(0, 0, 5)).toEqual({ legs: 0, mean: null, without_closing: 5 });
    expect(clvOf(3, 10_000 + 10_500 + 9_487, 1)).toEqual({
      legs: 3,
      mean: 0.9996,
      without_closing: 1,
    });
  });

  it('breakdown figures from stored counters', () => {
    expect(breakdownFigures({ legs: 5, won: 2, lost: 1, void: 2, profit: '-0.15' })).toEqual({
      legs: 5,
      won: 2,
      lost: 1,
      void: 2,
      hit_rate: 66.67,
      profit_units: -0.15,
      money_back: { slips: 0, refunded: 0 },
    });
    expect(
      breakdownFigures({
        legs: 5,
        won: 2,
        lost: 1,
        void: 2,
        profit: '0',
        money_back: 2,
        money_back_refunded: 1,
      }).money_back,
    ).toEqual({ slips: 2, refunded: 1 });
  });

  it.each([
    ['W', true, { slips: 1, refunded: 0 }],
    ['L', true, { slips: 1, refunded: 1 }],
    ['C', true, { slips: 1, refunded: 0 }],
    ['W', false, { slips: 0, refunded: 0 }],
    ['L', false, { slips: 0, refunded: 0 }],
    ['C', false, { slips: 0, refunded: 0 }],
  ] as const)(
    'moneyBackDelta(%s, money-back %p) → %p (docs/PRODUCT-RULES.md R279)',
    (result, moneyBack, delta) => {
      expect(moneyBackDelta(result, moneyBack)).toEqual(delta);
    },
  );
});
