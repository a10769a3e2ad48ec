import { Module } from '@nestjs/common';
import { AccountModule } from '../account/account.module';
import { BlogModule } from '../blog/blog.module';
import { FixturesModule } from '../fixtures/fixtures.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { ProcessorModule } from '../processor/processor.module';
import { SlipModule } from '../slip/slip.module';
import { SubscriptionModule } from '../subscription/subscription.module';
import { FinanceModule } from '../finance/finance.module';
import { JackpotModule } from '../jackpot/jackpot.module';
import { AdminAuditModule } from './audit/admin-audit.module';
import { BACKOFFICE_RESOURCES } from './backoffice.constants';
import { BackofficeController } from './backoffice.controller';
import { TransactionRunner } from '../../database/transaction-runner';
import { ResourceRepository } from './resource.repository';
import { BackofficeService } from './backoffice.service';
import type { BackofficeResource } from './resource-definition';
import { ResourceRegistry } from './resource-registry';
import { AuditLogResource } from './resources/audit-log.resource';
import { FixtureImportsResource } from './resources/fixture-imports.resource';
import { FixturesResource } from './resources/fixtures.resource';
import { FreeTipsResource } from './resources/free-tips.resource';
import { PremiumSlipsResource } from './resources/premium-slips.resource';
import { PurchasesResource } from './resources/purchases.resource';
import { SlipsResource } from './resources/slips.resource';
import { SmsMessagesResource } from './resources/sms-messages.resource';
import { DeliveriesResource } from './resources/deliveries.resource';
import { SubscriptionKindsResource } from './resources/subscription-kinds.resource';
import { UsersResource } from './resources/users.resource';
import { EarningsResource } from './resources/earnings.resource';
import { WithdrawalsResource } from './resources/withdrawals.resource';
import { PostsResource } from './resources/posts.resource';
import { RgModule } from '../rg/rg.module';
import { JackpotsResource } from './resources/jackpots.resource';
import { UnmatchedPaymentsResource } from './resources/unmatched-payments.resource';
import { RgLimitsResource } from './resources/rg-limits.resource';
import { RetentionRunsResource } from './resources/retention-runs.resource';

/** Every back-office resource provider. Add a resource: one file in resources/ and one entry here (README.md). */
const RESOURCE_PROVIDERS = [
  PostsResource,
  AuditLogResource,
  JackpotsResource,
  EarningsResource,
  WithdrawalsResource,
  UsersResource,
  FixturesResource,
  FixtureImportsResource,
  SubscriptionKindsResource,
  FreeTipsResource,
  PremiumSlipsResource,
  PurchasesResource,
  SmsMessagesResource,
  DeliveriesResource,
  SlipsResource,
  RgLimitsResource,
  UnmatchedPaymentsResource,
  RetentionRunsResource,
];

/**
 * Back office (docs/ARCHITECTURE.md "modules/backoffice"): react-admin simple-rest routes
 * under /api/backoffice/{resource} served by one generic list helper and per-resource
 * definitions, every write audited (admin_audit). Import the owning module of each resource's
 * service here.
 */
@Module({
  imports: [
    AdminAuditModule,
    AccountModule,
    BlogModule,
    JackpotModule,
    FinanceModule,
    FixturesModule,
    SlipModule,
    SubscriptionModule,
    ProcessorModule,
    NotificationsModule,
    RgModule,
  ],
  controllers: [BackofficeController],
  providers: [
    ...RESOURCE_PROVIDERS,
    {
      provide: BACKOFFICE_RESOURCES,
      inject: RESOURCE_PROVIDERS,
      useFactory: (...resources: BackofficeResource[]) => resources.map((r) => r.definition),
    },
    ResourceRegistry,
    BackofficeService,
    ResourceRepository,
    TransactionRunner,
  ],
  exports: [AdminAuditModule],
})
export class BackofficeModule {}
