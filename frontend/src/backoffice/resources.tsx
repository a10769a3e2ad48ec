import type { ComponentType } from 'react';
import type { RaRecord } from 'react-admin';
import { auditLog } from './audit-log';
import { earnings } from './earnings';
import { premiumSlips } from './premium-slips';
import { purchases } from './purchases';
import { slips } from './slips';
import { smsMessages } from './sms-messages';
import { deliveries } from './deliveries';
import { rgLimits } from './rg-limits';
import { unmatchedPayments } from './unmatched-payments';
import { retentionRuns } from './retention-runs';
import { withdrawals } from './withdrawals';
import { fixtureImports } from './fixture-imports';
import { fixtures } from './fixtures';
import { freeTips } from './free-tips';
import { jackpots } from './jackpots';
import { posts } from './posts';
import { subscriptionKinds } from './subscription-kinds';
import { users } from './users';
import { RESOURCE_ACCESS, type ResourceAccess } from './access';

/** What a resource folder's index exports, spread into `<Resource>` (docs/CONTRIBUTING.md §10). */
export interface ResourceScreens {
  list: ComponentType;
  show?: ComponentType;
  edit?: ComponentType;
  create?: ComponentType;
  icon?: ComponentType;
  recordRepresentation?: string | ((record: RaRecord) => string);
}

/** Screens by resource name. */
const SCREENS: Record<string, ResourceScreens> = {
  slips,
  earnings,
  withdrawals,
  users,
  posts,
  jackpots,
  fixtures,
  'fixture-imports': fixtureImports,
  'free-tips': freeTips,
  'premium-slips': premiumSlips,
  purchases,
  'sms-messages': smsMessages,
  deliveries,
  'rg-limits': rgLimits,
  'unmatched-payments': unmatchedPayments,
  'retention-runs': retentionRuns,
  'subscription-kinds': subscriptionKinds,
  'audit-log': auditLog,
};

/** A resource's access (menu label, roles, verbs) with its screens. */
export interface BackofficeResource {
  access: ResourceAccess;
  screens: ResourceScreens;
}

/** Every resource with screens, in menu order. */
export const BACKOFFICE_RESOURCES: readonly BackofficeResource[] = RESOURCE_ACCESS.flatMap(
  (access) => {
    const screens = SCREENS[access.name];
    return screens ? [{ access, screens }] : [];
  },
);
