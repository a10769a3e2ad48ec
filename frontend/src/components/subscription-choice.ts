import type { SubscriptionKind } from '../api/types';

export type SubscriptionKindKey = 'bronze' | 'silver' | 'gold';

/** A subscription kind the visitor picked, with its duration in days (1000 = lifetime). */
export interface SubscriptionChoice {
  key: SubscriptionKindKey;
  kind: SubscriptionKind;
  days: number;
}
