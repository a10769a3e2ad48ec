import { countryOfIp, saleCountryOf, saleCountryOfIp } from './visitor-country';

/*
 * Addresses from ranges the regional registry (AFRINIC) allocated long ago to each country's
 * mobile operators, so the offline database places them the same way release after release:
 * Safaricom (KE) 41.90.0.0/15 and 105.160.0.0/12, MTN Nigeria 102.89.0.0/16 and Airtel Nigeria
 * 105.112.0.0/12, MTN Uganda 41.210.128.0/17 and Airtel Uganda 154.72.192.0/19.
 */
describe('visitor country by IP (docs/PRODUCT-RULES.md R143)', () => {
  it.each([
    ['41.90.64.10', 'KE'],
    ['105.160.10.20', 'KE'],
    ['102.89.32.1', 'NG'],
    ['105.112.0.1', 'NG'],
    ['41.210.130.5', 'UG'],
    ['154.72.192.1', 'UG'],
    ['::ffff:41.90.64.10', 'KE'],
  ])('%s is in %s', (ip, country) => {
    expect(countryOfIp(ip)).toBe(country);
    expect(saleCountryOfIp(ip)).toBe(country);
  });

  it.each([
    '10.0.0.1',
    '192.168.1.20',
    '172.16.0.1',
    '127.0.0.1',
    '::1',
    'fd00::1',
    'not-an-ip',
    '',
    undefined,
  ])('a private, loopback or invalid address (%s) is unknown and preselects Kenya', (ip) => {
    expect(countryOfIp(ip)).toBeNull();
    expect(saleCountryOfIp(ip)).toBe('KE');
  });

  it('a country the marketplace does not sell in preselects Kenya', () => {
    expect(countryOfIp('8.8.8.8')).toBe('US');
    expect(saleCountryOfIp('8.8.8.8')).toBe('KE');
    expect(saleCountryOf('TZ')).toBe('KE');
    expect(saleCountryOf(null)).toBe('KE');
    expect(saleCountryOf('UG')).toBe('UG');
  });
});
