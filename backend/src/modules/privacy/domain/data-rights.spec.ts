import { Money } from '../../../common/money/money';
import { closingRefusal, retentionCutoff } from './data-rights';

describe('retentionCutoff', () => {
  it.each([
    ['2026-12-05T08:00:00.000Z', 24, '2024-12-05T08:00:00.000Z'],
    ['2026-03-31T10:00:00.000Z', 1, '2026-02-28T10:00:00.000Z'],
    ['2028-03-31T10:00:00.000Z', 1, '2028-02-29T10:00:00.000Z'],
    ['2026-01-15T00:00:00.000Z', 13, '2024-12-15T00:00:00.000Z'],
  ])('%s minus %i months is %s', (now, months, cutoff) => {
    expect(retentionCutoff(new Date(now), months).toISOString()).toBe(cutoff);
  });
});

describe('closingRefusal', () => {
  const free = {
    balance: Money.ZERO,
    pending: Money.ZERO,
    withdrawable: false,
    openWithdrawals: 0,
    openSlips: 0,
  };

  it('lets an account with nothing owed close', () => {
    expect(closingRefusal(free)).toBeNull();
  });

  it('lets a balance below the minimum withdrawal stay behind', () => {
    expect(closingRefusal({ ...free, balance: Money.parse('499.99') })).toBeNull();
  });

  it.each([
    ['a withdrawable balance', { balance: Money.parse('500.00'), withdrawable: true }],
    ['a pending share', { pending: Money.parse('60.00') }],
    ['an open withdrawal', { openWithdrawals: 1 }],
    ['a slip not settled', { openSlips: 2 }],
  ] as [string, Partial<typeof free>][])('refuses with %s', (_what, change) => {
    const refusal = closingRefusal({ ...free, ...change });
    expect(refusal).toEqual({
      balance: (change.balance ?? Money.ZERO).toDecimal(),
      pending_amount: (change.pending ?? Money.ZERO).toDecimal(),
      open_withdrawals: change.openWithdrawals ?? 0,
      open_slips: change.openSlips ?? 0,
    });
  });
});
