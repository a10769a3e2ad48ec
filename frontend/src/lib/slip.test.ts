import { describe, expect, it } from 'vitest';
import { buildSlip, buildTip } from '../test-fetch';
import { buyPath, slipPriceLabel } from './sale-country';
import { isFinished, isOnSale, slipMeta } from './slip';
import { pageParam, withPage } from './search-params';

const NOW = new Date('2026-05-15T12:00:00+03:00');

describe('slip helpers', () => {
  it('reads meta', () => {
    expect(
      slipMeta(
        buildSlip({ meta: { rating: 7, profile_image: null, settled: 3, profit: 1.2, roi: 40 } }),
      ),
    ).toEqual({ rating: 7, profile_image: null, settled: 3, profit: 1.2, roi: 40 });
  });

  it('is on sale until its first game kicks off, never once finished', () => {
    const tips = [
      buildTip({ game_date: '2026-05-15T15:00:00+03:00' }),
      buildTip({ game_date: '2026-05-15T18:00:00+03:00' }),
    ];
    expect(isOnSale(buildSlip({ tips }), NOW)).toBe(true);
    expect(isOnSale(buildSlip({ tips }), new Date('2026-05-15T15:00:00+03:00'))).toBe(false);
    expect(isOnSale(buildSlip({ tips, slip_result: 'W' }), NOW)).toBe(false);
    expect(isFinished(buildSlip({ slip_result: null }))).toBe(false);
  });
});

describe('sale country (docs/PRODUCT-RULES.md R103, R6)', () => {
  // The server's rates (UGX_PER_KSH 37 here, not the spec's default 30): the browser converts nothing.
  const slip = buildSlip({ price: 100, price_ng: 1500, price_ug: 3700 });

  it('shows what the server charges: Ksh (price), NGN (price_ng), UGX (price_ug)', () => {
    expect(slipPriceLabel(slip, 'KE')).toBe('Ksh. 100.00');
    expect(slipPriceLabel(slip, 'NG')).toBe('NGN 1,500.00');
    expect(slipPriceLabel(slip, 'UG')).toBe('UGX 3,700.00');
  });

  it("links to the country's purchase route", () => {
    expect(buyPath('KE', 7)).toBe('/buy_tip/7');
    expect(buyPath('NG', 7)).toBe('/buy_tip_ng/7');
    expect(buyPath('UG', 7)).toBe('/buy_tip_ug/7');
  });
});

describe('page search param', () => {
  it('reads ?p= and drops it for page 1', () => {
    expect(pageParam(new URLSearchParams('p=3'))).toBe(3);
    expect(pageParam(new URLSearchParams('p=x'))).toBe(1);
    expect(pageParam(new URLSearchParams('p=-2'))).toBe(1);
    expect(withPage(new URLSearchParams('type=top&p=3'), 1).toString()).toBe('type=top');
    expect(withPage(new URLSearchParams('type=top'), 2).toString()).toBe('type=top&p=2');
  });
});
