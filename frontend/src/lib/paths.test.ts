import { describe, expect, it } from 'vitest';
import { PATHS } from './paths';

describe('PATHS', () => {
  it('builds the parameterised routes of docs/PRODUCT-RULES.md R95', () => {
    expect(PATHS.activeTipsOf('kipchoge')).toBe('/active_tips/kipchoge');
    expect(PATHS.profileFinishedTips('kipchoge')).toBe('/profile/finished_tips/kipchoge');
    expect(PATHS.jackpotOf('sportpesa-mega-jackpot')).toBe('/jackpot/sportpesa-mega-jackpot');
    expect(PATHS.jackpotHistory).toBe('/jackpot-history');
    expect(PATHS.buyTip(42)).toBe('/buy_tip/42');
    expect(PATHS.buyTipNg(42)).toBe('/buy_tip_ng/42');
    expect(PATHS.buyTipUg(42)).toBe('/buy_tip_ug/42');
    expect(PATHS.selectCountry(42)).toBe('/select-country/42');
    expect(PATHS.dashboardActiveTips('kip')).toBe('/dashboard/active_tips/kip');
    expect(PATHS.changePasswordWith('t0k')).toBe('/change_password/t0k');
  });

  it('encodes path segments', () => {
    expect(PATHS.profileOf('a/b c')).toBe('/profile/a%2Fb%20c');
    expect(PATHS.blogPost('tips?x=1')).toBe('/blog/tips%3Fx%3D1');
  });
});
