import { Injectable } from '@nestjs/common';

/** Token of the premium slips source (the slip module provides the real one). */
export const PREMIUM_SLIPS = Symbol('PREMIUM_SLIPS');

/**
 * Today's premium slips with their picks, for an active subscriber (product.md "Subscriptions,
 * premium"). The slip module implements it and overrides the token.
 */
export interface PremiumSlipsProvider {
  todaysPremiumSlips(): Promise<unknown[]>;
}

/** Until slips exist: no premium slips. */
@Injectable()
export class NoPremiumSlips implements PremiumSlipsProvider {
  async todaysPremiumSlips(): Promise<unknown[]> {
    return [];
  }
}
