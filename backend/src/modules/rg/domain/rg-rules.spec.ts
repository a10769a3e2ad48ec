import { Money } from '../../../common/money/money';
import {
  addedByPurchase,
  CAP_RAISE_DELAY_MS,
  capInForce,
  DayPurchase,
  exclusionEnd,
  NO_LIMITS,
  purchaseItem,
  purchaseRefusal,
  RgState,
  spentToday,
  withDailyCap,
  withSelfExclusion,
} from './rg-rules';

const ksh = (s: string): Money => Money.parse(s);
const NOW = new Date('2026-11-26T09:00:00Z');
const later = (ms: number): Date => new Date(NOW.getTime() + ms);

describe('withDailyCap', () => {
  it('sets a first cap at once', () => {
    expect(withDailyCap(NO_LIMITS, ksh('500'), NOW)).toEqual({
      ...NO_LIMITS,
      dailyCapKsh: ksh('500'),
    });
  });

  it('lowers at once and drops a waiting raise', () => {
    const raised = withDailyCap({ ...NO_LIMITS, dailyCapKsh: ksh('500') }, ksh('900'), NOW);
    const lowered = withDailyCap(raised, ksh('200'), later(1000));
    expect(lowered).toEqual({ ...NO_LIMITS, dailyCapKsh: ksh('200') });
  });

  it('raises only after 24 hours; the old cap stays in force meanwhile', () => {
    const s = withDailyCap({ ...NO_LIMITS, dailyCapKsh: ksh('500') }, ksh('900'), NOW);
    expect(s).toEqual({
      ...NO_LIMITS,
      dailyCapKsh: ksh('500'),
      nextCapKsh: ksh('900'),
      nextCapFrom: later(CAP_RAISE_DELAY_MS),
    });
    expect(capInForce(s, later(CAP_RAISE_DELAY_MS - 1))).toEqual(ksh('500'));
    expect(capInForce(s, later(CAP_RAISE_DELAY_MS))).toEqual(ksh('900'));
  });

  it('a raise asked again restarts its 24 hours from the cap in force', () => {
    const s = withDailyCap({ ...NO_LIMITS, dailyCapKsh: ksh('500') }, ksh('900'), NOW);
    const again = withDailyCap(s, ksh('1000'), later(CAP_RAISE_DELAY_MS + 1));
    expect(again).toEqual({
      ...NO_LIMITS,
      dailyCapKsh: ksh('900'),
      nextCapKsh: ksh('1000'),
      nextCapFrom: later(2 * CAP_RAISE_DELAY_MS + 1),
    });
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
    expect(withSelfExclusion(month, '6m', NOW).excludedUntil?.toISOString()).toBe(
      '2027-05-26T09:00:00.000Z',
    );
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
    expect(purchaseRefusal(s, later(1000), Money.ZERO, ksh('50'))).toEqual({
      reason: 'self-excluded',
      until: s.excludedUntil,
    });
    expect(purchaseRefusal(s, s.excludedUntil as Date, Money.ZERO, ksh('50'))).toBeNull();
  });
});

describe('one buying attempt counts once (docs/PRODUCT-RULES.md R282)', () => {
  const row = (status: DayPurchase['status'], item: string, amount: string): DayPurchase => ({
    status,
    item,
    amountKsh: ksh(amount),
  });
  const A = purchaseItem('slip', '7', null);
  const B = purchaseItem('slip', 8, null);
  const GOLD = purchaseItem('subscription', null, 'gold');

  it('keys what is bought: one slip, one subscription kind', () => {
    expect([
      A,
      purchaseItem('slip', 7, null),
      B,
      GOLD,
      purchaseItem('subscription', null, 'silver'),
    ]).toEqual(['slip:7', 'slip:7', 'slip:8', 'subscription:gold', 'subscription:silver']);
  });

  it.each([
    ['nothing', [], '0.00'],
    ['one pending', [row('pending', A, '150')], '150.00'],
    [
      'a paybill reference and a retried prompt of one slip',
      [row('pending', A, '150'), row('pending', A, '150')],
      '150.00',
    ],
    ['pending of two slips', [row('pending', A, '150'), row('pending', B, '100')], '250.00'],
    [
      'two paid of one slip (bought twice)',
      [row('paid', A, '150'), row('paid', A, '150')],
      '300.00',
    ],
    [
      'paid and a pending retry of the same slip',
      [row('paid', A, '150'), row('pending', A, '150')],
      '300.00',
    ],
    [
      'pending of one item at two prices: the highest',
      [row('pending', GOLD, '2000'), row('pending', GOLD, '1500')],
      '2000.00',
    ],
  ] as const)('spentToday: %s → %s', (_n, day, spent) => {
    expect(spentToday([...day]).toDecimal()).toBe(spent);
  });

  it.each([
    ['nothing pending', [], A, '150', '150.00'],
    ['a pending purchase of the same slip', [row('pending', A, '150')], A, '150', '0.00'],
    ['a pending purchase of another slip', [row('pending', B, '150')], A, '150', '150.00'],
    ['the same slip paid already (a second purchase)', [row('paid', A, '150')], A, '150', '150.00'],
    [
      'a cheaper pending of the same item: the difference',
      [row('pending', GOLD, '1500')],
      GOLD,
      '2000',
      '500.00',
    ],
    ['a dearer pending of the same item', [row('pending', GOLD, '2000')], GOLD, '1500', '0.00'],
  ] as const)('addedByPurchase: %s', (_n, day, item, amount, added) => {
    expect(addedByPurchase([...day], item, ksh(amount)).toDecimal()).toBe(added);
  });

  it('a retry of the slip a pending reference is for passes a cap of its price; another slip does not', () => {
    const capped: RgState = { ...NO_LIMITS, dailyCapKsh: ksh('150') };
    const day = [row('pending', A, '150')];
    expect(
      purchaseRefusal(capped, NOW, spentToday(day), addedByPurchase(day, A, ksh('150'))),
    ).toBeNull();
    expect(
      purchaseRefusal(capped, NOW, spentToday(day), addedByPurchase(day, B, ksh('150'))),
    ).toEqual({ reason: 'daily-cap', capKsh: ksh('150'), spentKsh: ksh('150') });
  });
});
