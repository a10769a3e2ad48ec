import type { SaleRates } from '../../config/app-config';
import { Money } from './money';

/**
 * A currency a slip is sold in: Kenya by M-Pesa, Nigeria and Uganda by Flutterwave
 * (docs/PRODUCT-RULES.md R91).
 */
export type SaleCurrency = 'KES' | 'NGN' | 'UGX';

/**
 * The one conversion rule of a Ksh price into the buyer's currency (docs/PRODUCT-RULES.md R6): Ksh
 * as is, NGN = price × NGN_PER_KSH rounded half up to the cent, UGX = price × UGX_PER_KSH. Integer
 * arithmetic only (Money cents). What the slip lists show as price_ng / price_ug is what buy-flw /
 * buy-flw-ug charge, because both call this.
 * @throws RangeError when a rate is malformed (config validation keeps that from happening).
 */
export const salePrice = (priceKsh: Money, currency: SaleCurrency, rates: SaleRates): Money => {
  if (currency === 'NGN') return priceKsh.convert(rates.ngnPerKsh);
  if (currency === 'UGX') return priceKsh.times(rates.ugxPerKsh);
  return priceKsh;
};

/** The slip's price in every sale currency (see salePrice): { KES, NGN, UGX } as Money. */
export const salePrices = (priceKsh: Money, rates: SaleRates): Record<SaleCurrency, Money> => ({
  KES: salePrice(priceKsh, 'KES', rates),
  NGN: salePrice(priceKsh, 'NGN', rates),
  UGX: salePrice(priceKsh, 'UGX', rates),
});
