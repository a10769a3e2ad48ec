import { Money } from '../../../common/money/money';
import { floatDecision } from './float-check';

/** docs/PRODUCT-RULES.md R195: a payout is held only while a fresh float report cannot cover it. */
describe('floatDecision', () => {
  const now = new Date('2026-12-05T09:00:00Z');
  const ago = (min: number) => new Date(now.getTime() - min * 60_000);
  const ksh = (t: string) => Money.parse(t);
  it.each([
    ['no report → release', null, '700.00', 'release'],
    [
      'fresh, enough → release',
      { utilityAvailable: ksh('700.00'), reportedAt: ago(5) },
      '700.00',
      'release',
    ],
    [
      'fresh, one cent short → hold',
      { utilityAvailable: ksh('699.99'), reportedAt: ago(5) },
      '700.00',
      'hold',
    ],
    [
      'fresh at 30 minutes, short → hold',
      { utilityAvailable: ksh('100.00'), reportedAt: ago(30) },
      '700.00',
      'hold',
    ],
    [
      'stale (31 minutes), short → release',
      { utilityAvailable: ksh('100.00'), reportedAt: ago(31) },
      '700.00',
      'release',
    ],
    [
      'negative balance → hold',
      { utilityAvailable: ksh('-220.00'), reportedAt: ago(1) },
      '500.00',
      'hold',
    ],
  ] as const)('%s', (_name, report, amount, expected) => {
    expect(floatDecision(report, ksh(amount), now)).toBe(expected);
  });
});
