import { Money } from '../../../common/money/money';
import {
  CAP_RAISE_DELAY_MS, capInForce, exclusionEnd, NO_LIMITS, purchaseRefusal, RgState, withDailyCap, withSelfExclusion,
} from './rg-rules';

const ksh = (s: string): Money => Money.parse(s);
const NOW = new Date('2026-11-26T09:00:00Z');
const later = (ms: number): Date => new Date(NOW.getTime() + ms);

describe('withDailyCap', () => {
  it('sets a first cap at once', () => {
    expect(withDailyCap(NO_LIMITS, ksh('500'), NOW)).toEqual({ ...NO_LIMITS, dailyCapKsh: ksh('500') });
  });

  it('lowers at once and drops a waiting raise', () => {
    const raised = withDailyCap({ ...NO_LIMITS, dailyCapKsh: ksh('500') }, ksh('900'), NOW);
    const lowered = withDailyCap(raised, ksh('200'), later(1000));
    expect(lowered).toEqual({ ...NO_LIMITS, dailyCapKsh: ksh('200') });
  });

  it('raises only after 24 hours; the old cap stays in force meanwhile', () => {
    const s = withDailyCap({ ...NO_LIMITS, dailyCapKsh: ksh('500') }, ksh('900'), NOW);
    expect(s).toEqual({ ...NO_LIMITS, dailyCapKsh: ksh('500'), nextCapKsh: ksh('900'), nextCapFrom: later(CAP_RAISE_DELAY_MS) });
    expect(capInForce(s, later(CAP_RAISE_DELAY_MS - 1))).toEqual(ksh('500'));
    expect(capInForce(s, later(CAP_RAISE_DELAY_MS))).toEqual(ksh('900'));
  });

  it('a raise asked again restarts its 24 hours from the cap in force', () => {
    const s = withDailyCap({ ...NO_LIMITS, dailyCapKsh: ksh('500') }, ksh('900'), NOW);
    const again = withDailyCap(s, ksh('1000'), later(CAP_RAISE_DELAY_MS + 1));
    expect(again).toEqual({ ...NO_LIMITS, dailyCapKsh: ksh('900'), nextCapKsh: ksh('1000'), nextCapFrom: later(2 * CAP_RAISE_DELAY_MS + 1) });
  });
});

describe('self-exclusion', () => {
  it.each([
    ['1m', '2026-12-26T09:00:00.000Z'],
    ['6m', '2027-05-26T09:00:00.000Z'],
    ['1y', '2027-11-26T09:00:00.000Z'],
  ] as const)('%s ends %s', (period, end) => {
    expect(exclusionEnd(NOW, period).toISOString()).toBe(end);
  });

  it('cannot be shortened by a shorter period', () => {
    const year = withSelfExclusion(NO_LIMITS, '1y', NOW);
    expect(withSelfExclusion(year, '1m', later(1000)).excludedUntil).toEqual(year.excludedUntil);
  });

  it('can be lengthened', () => {
    const month = withSelfExclusion(NO_LIMITS, '1m', NOW);
    expect(withSelfExclusion(month, '6m', NOW).excludedUntil?.toISOString()).toBe('2027-05-26T09:00:00.000Z');
  });
});

describe('purchaseRefusal', () => {
  const capped: RgState = { ...NO_LIMITS, dailyCapKsh: ksh('500') };
  it.each([
    ['no limits', NO_LIMITS, '10000', '1000', null],
    ['under the cap', capped, '300', '200', null],
    ['exactly the cap', capped, '300', '200.00', null],
    ['over the cap', capped, '300', '200.01', 'daily-cap'],
    ['cap of zero', { ...NO_LIMITS, dailyCapKsh: ksh('0') }, '0', '50', 'daily-cap'],
  ] as const)('%s', (_n, state, spent, amount, reason) => {
    expect(purchaseRefusal(state, NOW, ksh(spent), ksh(amount))?.reason ?? null).toBe(reason);
  });

  it('refuses while an exclusion holds, and not after it ends', () => {
    const s = withSelfExclusion(NO_LIMITS, '1m', NOW);
    expect(purchaseRefusal(s, later(1000), Money.ZERO, ksh('50'))).toEqual({ reason: 'self-excluded', until: s.excludedUntil });
    expect(purchaseRefusal(s, s.excludedUntil as Date, Money.ZERO, ksh('50'))).toBeNull();
  });
});
