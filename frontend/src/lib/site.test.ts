import { describe, expect, it } from 'vitest';
import { HOME_TITLE, pageTitle, RESPONSIBLE_GAMBLING_LINE, SITE } from './site';

describe('site', () => {
  it('builds page titles with the brand', () => {
    expect(pageTitle('Top Tipsters')).toBe(`Top Tipsters | ${SITE.brand}`);
    expect(HOME_TITLE).toBe(`${SITE.brand} - Football Tips Marketplace`);
  });

  it('carries the 18+ responsible gambling line', () => {
    expect(RESPONSIBLE_GAMBLING_LINE).toBe('18+ only. Gambling is addictive, play responsibly.');
  });
});
