import { RgDataRepository } from './rg-data.repository';
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccountModule } from '../account/account.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { ProcessorModule } from '../processor/processor.module';
import { TransactionRunner } from '../../database/transaction-runner';
import { RgLimit } from './entities/rg-limit.entity';
import { RgController } from './rg.controller';
import { RgRepository } from './rg.repository';
import { RgService } from './rg.service';
import { PhoneCodeService } from './phone-code.service';

/**
 * Responsible gambling (docs/ARCHITECTURE.md "modules/rg"): per-phone daily spend caps and
 * self-exclusion, proven by one-time SMS codes, enforced on every purchase as the processor's
 * purchase gate (PurchaseGates). PhoneCodeService (exported) sends and checks the codes, also for
 * the buyer's history (docs/PRODUCT-RULES.md R160).
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([RgLimit]),
    AccountModule,
    NotificationsModule,
    ProcessorModule,
  ],
  controllers: [RgController],
  providers: [TransactionRunner, RgRepository, RgDataRepository, PhoneCodeService, RgService],
  exports: [RgDataRepository, RgService, PhoneCodeService, TypeOrmModule],
})
export class RgModule {}
