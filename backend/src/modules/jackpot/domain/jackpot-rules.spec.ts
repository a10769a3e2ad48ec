import {
  jackpotOddsFit,
  jackpotOrder,
  jackpotTipCountProblem,
  parseJackpotPrice,
} from './jackpot-rules';

describe('jackpot rules', () => {
  it('needs 10 to 17 games', () => {
    expect([9, 10, 13, 17, 18, 0].map(jackpotTipCountProblem)).toEqual([
      'few',
      null,
      null,
      null,
      'many',
      'few',
    ]);
  });

  it('keeps total odds within the numeric(8,2) column', () => {
    expect(jackpotOddsFit('999999.99')).toBe(true);
    expect(jackpotOddsFit('8123.40')).toBe(true);
    expect(jackpotOddsFit('1000000.00')).toBe(false);
    expect(jackpotOddsFit('129140163.00')).toBe(false);
  });

  it('reads a whole Ksh price 50-1000 from a number, a digit string or the shown decimal', () => {
    expect([199, '199', ' 99 ', '199.00', '199.0', 50, 1000].map(parseJackpotPrice)).toEqual([
      199, 199, 99, 199, 199, 50, 1000,
    ]);
    expect(
      [49, 1001, '199.50', '-99', 'abc', null, undefined, 199.5, '1e2'].map(parseJackpotPrice),
    ).toEqual([null, null, null, null, null, null, null, null, null]);
  });

  it('orders SP MG, SP MW, BT MG, BT MW', () => {
    const list = [
      ['BT', 'MW'],
      ['SP', 'MW'],
      ['BT', 'MG'],
      ['SP', 'MG'],
    ].sort((a, b) => jackpotOrder(a[0], a[1]) - jackpotOrder(b[0], b[1]));
    expect(list).toEqual([
      ['SP', 'MG'],
      ['SP', 'MW'],
      ['BT', 'MG'],
      ['BT', 'MW'],
    ]);
  });
});
