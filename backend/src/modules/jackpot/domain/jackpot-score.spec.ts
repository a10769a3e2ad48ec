import { jackpotScore, JackpotTipResult } from './jackpot-score';

const r = (s: string): JackpotTipResult[] =>
  [...s].map((c) => (c === '-' ? null : (c as JackpotTipResult)));

describe('jackpotScore (docs/PRODUCT-RULES.md "Jackpots")', () => {
  it.each([
    // results, expected score (null while a game is undecided)
    ['WWWWWWWWWWWLLLLLL', { won: 11, counted: 17, void: 0, text: '11/17' }],
    ['WWWWWWWWWWWLLLLLV', { won: 11, counted: 16, void: 1, text: '11/16 (1 void)' }],
    ['LLLLLLLLLLLLL', { won: 0, counted: 13, void: 0, text: '0/13' }],
    ['WWWWWWWWWWWWWWWWW', { won: 17, counted: 17, void: 0, text: '17/17' }],
    ['VVWLWLWLWLWL', { won: 5, counted: 10, void: 2, text: '5/10 (2 void)' }],
    ['VVVVVVVVVV', { won: 0, counted: 0, void: 10, text: '0/0 (10 void)' }],
    ['WWWWWWWWWWWLLLLL-', null],
    ['----------', null],
    ['', null],
  ])('%s → %j', (results, expected) => {
    expect(jackpotScore(r(results))).toEqual(expected);
  });

  it('refuses anything but W, L, V as a decided result', () => {
    expect(jackpotScore(['W', 'X' as JackpotTipResult])).toBeNull();
  });
});
