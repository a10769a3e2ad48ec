import { describe, expect, it } from 'vitest';
import { FLUTTERWAVE_BUY_PATHS, findSlipNgPath, findSlipPath, foundTipsOf } from './purchases';

describe('purchase calls (docs/PRODUCT-RULES.md R141)', () => {
  it('builds the find-slip paths', () => {
    expect(findSlipPath('254712345678', 'SJK7ABC123')).toBe(
      '/api/manage/find-slip/254712345678/SJK7ABC123',
    );
    expect(findSlipNgPath('ada@example.ng', 'MTIz/+==')).toBe(
      '/api/manage/find-slip-ng/ada%40example.ng/MTIz%2F%2B%3D%3D',
    );
    expect(FLUTTERWAVE_BUY_PATHS).toEqual({
      NG: '/api/processor/buy-flw',
      UG: '/api/processor/buy-flw-ug',
    });
  });

  it('reads the found tips from a list or a wrapped list', () => {
    const tips = [{ Game: 'A v B', League: 'L', Tip: 'GG' }];
    expect(foundTipsOf(tips)).toEqual(tips);
    expect(foundTipsOf({ tips })).toEqual(tips);
    expect(foundTipsOf({ data: tips })).toEqual(tips);
    expect(foundTipsOf({ message: 'x' })).toEqual([]);
  });
});
