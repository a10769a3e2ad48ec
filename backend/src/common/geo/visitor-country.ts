import { isIP } from 'net';
import { lookup } from 'geoip-country';

/**
 * The countries the marketplace sells in (docs/PRODUCT-RULES.md R91): Kenya by M-Pesa, Nigeria and
 * Uganda by Flutterwave.
 */
export const SALE_COUNTRIES = ['KE', 'NG', 'UG'] as const;
export type SaleCountry = (typeof SALE_COUNTRIES)[number];

/**
 * Where a visitor is preselected when their IP says nothing we sell to (docs/PRODUCT-RULES.md R91:
 * Kenya is the main market).
 */
export const DEFAULT_SALE_COUNTRY: SaleCountry = 'KE';

/**
 * The sale country preselected for a visitor whose IP is registered in `ipCountry` (ISO 3166-1
 * alpha-2, or null when unknown): KE, NG or UG as is, anything else Kenya
 * (docs/PRODUCT-RULES.md R143: the visitor's country by IP preselects the country; the buyer can
 * still pick another).
 */
export const saleCountryOf = (ipCountry: string | null | undefined): SaleCountry =>
  (SALE_COUNTRIES as readonly string[]).includes(ipCountry ?? '')
    ? (ipCountry as SaleCountry)
    : DEFAULT_SALE_COUNTRY;

/**
 * The country an IPv4 or IPv6 address is registered in (ISO 3166-1 alpha-2), from the offline
 * GeoLite2 country database shipped in the geoip-country package (read into memory when this
 * module loads; no network call). Null for private, loopback and unallocated addresses and for
 * anything that is not an IP address. IPv4-mapped IPv6 (`::ffff:1.2.3.4`) is looked up as IPv4.
 */
export const countryOfIp = (ip: string | undefined): string | null => {
  if (!ip) return null;
  const address = ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
  if (!isIP(address)) return null;
  return lookup(address)?.country ?? null;
};

/** The sale country preselected for a request from `ip` (request.ip): see saleCountryOf and countryOfIp. */
export const saleCountryOfIp = (ip: string | undefined): SaleCountry =>
  saleCountryOf(countryOfIp(ip));
