import { Money } from '../../../common/money/money';
import { C2bReferenceState, matchC2bConfirmation, validateC2b } from './c2b-payment';

const NOW = new Date('2026-06-01T09:00:00Z');
const ref = (over: Partial<C2bReferenceState> = {}): C2bReferenceState => ({
  purchaseId: '7',
  status: 'pending',
  amount: Money.ofUnits(50),
  expiresAt: new Date('2026-06-02T08:00:00Z'),
  receipt: null,
  superseded: false,
  ...over,
});
const ksh = (n: string): Money => Money.parse(n);

describe('validateC2b (docs/PRODUCT-RULES.md R201)', () => {
  it.each([
    ['a pending reference at its price', ref(), '50.00', '600984', '0'],
    ['another business number', ref(), '50.00', '600000', 'C2B00015'],
    ['an unknown reference', null, '50.00', '600984', 'C2B00012'],
    [
      'an expired reference',
      ref({ expiresAt: new Date('2026-06-01T08:59:59Z') }),
      '50.00',
      '600984',
      'C2B00012',
    ],
    [
      'a paid reference',
      ref({ status: 'paid', receipt: 'RKTQDM7W6S' }),
      '50.00',
      '600984',
      'C2B00012',
    ],
    ['a timed-out reference', ref({ status: 'timeout' }), '50.00', '600984', 'C2B00012'],
    [
      'a reference whose slip the phone paid otherwise (R284)',
      ref({ superseded: true }),
      '50.00',
      '600984',
      'C2B00012',
    ],
    ['less than the price', ref(), '49.00', '600984', 'C2B00013'],
    ['more than the price', ref(), '50.01', '600984', 'C2B00013'],
  ])('%s → %s', (_, r, paid, shortCode, code) => {
    expect(validateC2b(r, ksh(paid), shortCode, '600984', NOW).ResultCode).toBe(code);
  });

  it('answers Accepted or Rejected as ResultDesc', () => {
    expect(validateC2b(ref(), ksh('50'), '600984', '600984', NOW)).toEqual({
      ResultCode: '0',
      ResultDesc: 'Accepted',
    });
    expect(validateC2b(null, ksh('50'), '600984', '600984', NOW)).toEqual({
      ResultCode: 'C2B00012',
      ResultDesc: 'Rejected',
    });
  });
});

describe('matchC2bConfirmation (docs/PRODUCT-RULES.md R202, R203)', () => {
  it.each([
    ['a pending reference at its price', ref(), '50.00', { action: 'pay' }],
    ['an unknown reference', null, '50.00', { action: 'unmatched', reason: 'unknown-reference' }],
    ['an overpayment', ref(), '60.00', { action: 'unmatched', reason: 'amount-mismatch' }],
    ['an underpayment', ref(), '10.00', { action: 'unmatched', reason: 'amount-mismatch' }],
    [
      'an expired reference',
      ref({ expiresAt: new Date('2026-06-01T08:00:00Z') }),
      '50.00',
      { action: 'unmatched', reason: 'expired-reference' },
    ],
    [
      'the same TransID again',
      ref({ status: 'paid', receipt: 'RKTQDM7W6S' }),
      '50.00',
      { action: 'duplicate' },
    ],
    [
      'a second payment of a paid reference',
      ref({ status: 'paid', receipt: 'OTHER12345' }),
      '50.00',
      { action: 'unmatched', reason: 'closed-reference' },
    ],
    [
      'a reference whose slip the phone paid otherwise (R284)',
      ref({ superseded: true }),
      '50.00',
      { action: 'unmatched', reason: 'closed-reference' },
    ],
    [
      'the same TransID again on a superseded reference it paid',
      ref({ status: 'paid', receipt: 'RKTQDM7W6S', superseded: true }),
      '50.00',
      { action: 'duplicate' },
    ],
    [
      'a closed reference',
      ref({ status: 'timeout' }),
      '50.00',
      { action: 'unmatched', reason: 'closed-reference' },
    ],
  ])('%s', (_, r, paid, match) => {
    expect(matchC2bConfirmation(r, ksh(paid), 'RKTQDM7W6S', NOW)).toEqual(match);
  });
});
