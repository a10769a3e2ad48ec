/** Token of the premium slips source: the slip module defines it, SubscriptionModule binds it to PremiumSlipsService. */
export const PREMIUM_SLIPS = Symbol('PREMIUM_SLIPS');

/**
 * Today's premium slips with their picks, for an active subscriber (docs/PRODUCT-RULES.md "Subscriptions,
 * premium"). Implemented by the slip module (PremiumSlipsService), so the subscription module
 * needs no knowledge of slips' tables.
 */
export interface PremiumSlipsProvider {
  todaysPremiumSlips(): Promise<unknown[]>;
}
