import type { ComponentType } from 'react';
import type { RaRecord } from 'react-admin';
import { auditLog } from './audit-log';
import { earnings } from './earnings';
import { premiumSlips } from './premium-slips';
import { purchases } from './purchases';
import { slips } from './slips';
import { smsMessages } from './sms-messages';
import { withdrawals } from './withdrawals';
import { fixtureImports } from './fixture-imports';
import { fixtures } from './fixtures';
import { freeTips } from './free-tips';
import { jackpots } from './jackpots';
import { posts } from './posts';
import { subscriptionKinds } from './subscription-kinds';
import { users } from './users';
import type { ResourceSpec } from './resource-spec';
import { RESOURCE_SPECS } from './specs';

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
  'subscription-kinds': subscriptionKinds,
  'audit-log': auditLog,
};

/** A resource's spec with its screens. */
export interface BackofficeResource {
  spec: ResourceSpec;
  screens: ResourceScreens;
}

/** Every resource with screens, in menu order. */
export const BACKOFFICE_RESOURCES: readonly BackofficeResource[] = RESOURCE_SPECS.flatMap((spec) => {
  const screens = SCREENS[spec.name];
  return screens ? [{ spec, screens }] : [];
});
