import { auditLogSpec } from './audit-log/spec';
import { earningsSpec } from './earnings/spec';
import { premiumSlipsSpec } from './premium-slips/spec';
import { purchasesSpec } from './purchases/spec';
import { slipsSpec } from './slips/spec';
import { smsMessagesSpec } from './sms-messages/spec';
import { withdrawalsSpec } from './withdrawals/spec';
import { fixtureImportsSpec } from './fixture-imports/spec';
import { fixturesSpec } from './fixtures/spec';
import { freeTipsSpec } from './free-tips/spec';
import { jackpotsSpec } from './jackpots/spec';
import { postsSpec } from './posts/spec';
import { subscriptionKindsSpec } from './subscription-kinds/spec';
import { usersSpec } from './users/spec';
import type { ResourceSpec } from './resource-spec';

/**
 * Every back-office resource the backend serves (backend/src/modules/backoffice/resources), in
 * menu order. Pure data: authProvider.canAccess reads it without loading any screen.
 */
export const RESOURCE_SPECS: readonly ResourceSpec[] = [
  slipsSpec,
  earningsSpec,
  withdrawalsSpec,
  usersSpec,
  postsSpec,
  jackpotsSpec,
  fixturesSpec,
  fixtureImportsSpec,
  freeTipsSpec,
  premiumSlipsSpec,
  subscriptionKindsSpec,
  purchasesSpec,
  smsMessagesSpec,
  auditLogSpec,
];

/** Spec of a resource by name, or undefined. */
export const specOf = (name: string | undefined): ResourceSpec | undefined =>
  RESOURCE_SPECS.find((spec) => spec.name === name);
