import { SubscriptionDataRepository } from './subscription-data.repository';
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccountModule } from '../account/account.module';
import { ProcessorModule } from '../processor/processor.module';
import { Subscription } from './entities/subscription.entity';
import { SubscriptionKind } from './entities/subscription-kind.entity';
import { SlipModule } from '../slip/slip.module';
import { PremiumSlipsService } from '../slip/premium-slips.service';
import { PREMIUM_SLIPS } from '../slip/premium-slips.provider';
import { SubscriptionController } from './subscription.controller';
import { SubscriptionService } from './subscription.service';
import { SubscriptionRepository } from './subscription.repository';

/**
 * Subscription module (docs/ARCHITECTURE.md, "modules/subscription"): kinds, purchase by STK push,
 * activation on payment (registered as the 'subscription' PurchaseFulfilment) and premium slips
 * through the PREMIUM_SLIPS provider (the slip module's PremiumSlipsService); registers the own
 * profile's `subscribed` with account's ProfileProviders.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([Subscription, SubscriptionKind]),
    AccountModule,
    ProcessorModule,
    SlipModule,
  ],
  controllers: [SubscriptionController],
  providers: [
    SubscriptionDataRepository,
    SubscriptionService,
    SubscriptionRepository,
    { provide: PREMIUM_SLIPS, useExisting: PremiumSlipsService },
  ],
  exports: [SubscriptionService, SubscriptionDataRepository],
})
export class SubscriptionModule {}
