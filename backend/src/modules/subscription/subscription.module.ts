import { Module } from '@nestjs/common';

/** Subscription module (architecture.md, "modules/subscription"). */
@Module({})
export class SubscriptionModule {}
