import type { Slip } from '../api/types';
import { formatKsh, formatNgn, formatUgx } from './money';
import { PATHS } from './paths';

/**
 * Where a buyer pays from: Kenya by M-Pesa, Nigeria and Uganda by card/wallet
 * (docs/PRODUCT-RULES.md R91).
 */
export type SaleCountry = 'KE' | 'NG' | 'UG';

/** Sale countries, Kenya first (docs/PRODUCT-RULES.md R91). */
export const SALE_COUNTRIES: readonly SaleCountry[] = ['KE', 'NG', 'UG'];

/** `value` when it is a sale country, else Kenya (what the server's country lookup answers, checked). */
export const asSaleCountry = (value: unknown): SaleCountry =>
  SALE_COUNTRIES.includes(value as SaleCountry) ? (value as SaleCountry) : 'KE';

/**
 * The slip's price in the buyer's currency, as the server sends it and charges it: Ksh (price),
 * NGN (price_ng) or UGX (price_ug). No conversion here: the rates live on the server
 * (docs/PRODUCT-RULES.md R6).
 */
export const slipPriceLabel = (
  slip: Pick<Slip, 'price' | 'price_ng' | 'price_ug'>,
  country: SaleCountry,
): string => {
  if (country === 'NG') return formatNgn(slip.price_ng);
  if (country === 'UG') return formatUgx(slip.price_ug);
  return formatKsh(slip.price);
};

/**
 * The purchase route of a country (docs/PRODUCT-RULES.md R103): /buy_tip, /buy_tip_ng or
 * /buy_tip_ug.
 */
export const buyPath = (country: SaleCountry, slipId: number | string): string => {
  if (country === 'NG') return PATHS.buyTipNg(slipId);
  if (country === 'UG') return PATHS.buyTipUg(slipId);
  return PATHS.buyTip(slipId);
};
