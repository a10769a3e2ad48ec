import { Money } from '../../../common/money/money';
import { decideMpesa } from './payment-outcome';
import { isPurchaseCode, newPurchaseCode, PURCHASE_CODE_ALPHABET } from './purchase-code';

describe('purchase code', () => {
  it('is 8 characters of the unambiguous alphabet, and recognised case-insensitively', () => {
    for (let i = 0; i < 200; i++) {
      const code = newPurchaseCode();
      expect(code).toMatch(new RegExp(`^[${PURCHASE_CODE_ALPHABET}]{8}$`));
      expect(isPurchaseCode(code.toLowerCase())).toBe(true);
    }
    expect(PURCHASE_CODE_ALPHABET).not.toMatch(/[0O1IL5S8B2Z]/);
    expect(isPurchaseCode('SJK7ABC123')).toBe(false);
  });
});

describe('decideMpesa', () => {
  const ksh = (t: string) => Money.parse(t);
  it('pays only a matching amount; a mismatch is flagged; no amount (query) pays', () => {
    expect(decideMpesa('paid', ksh('200.00'), ksh('200'))).toEqual({ action: 'pay' });
    expect(decideMpesa('paid', ksh('200.00'), null)).toEqual({ action: 'pay' });
    expect(decideMpesa('paid', ksh('200.00'), ksh('1.00'))).toEqual({
      action: 'flag',
      reason: 'amount mismatch: paid 1.00, expected 200.00',
    });
  });
  it('maps 1032 to cancelled, 1037 to timeout and other codes to failed', () => {
    expect(decideMpesa('cancelled', ksh('1'), null)).toEqual({
      action: 'close',
      status: 'cancelled',
    });
    expect(decideMpesa('timeout', ksh('1'), null)).toEqual({ action: 'close', status: 'timeout' });
    expect(decideMpesa('failed', ksh('1'), null)).toEqual({ action: 'close', status: 'failed' });
  });
});
