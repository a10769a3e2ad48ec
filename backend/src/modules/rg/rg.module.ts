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

/**
 * Responsible gambling (docs/ARCHITECTURE.md "modules/rg"): per-phone daily spend caps and
 * self-exclusion, proven by one-time SMS codes, enforced on every purchase as the processor's
 * purchase gate (PurchaseGates).
 */
@Module({
  imports: [TypeOrmModule.forFeature([RgLimit]), AccountModule, NotificationsModule, ProcessorModule],
  controllers: [RgController],
  providers: [TransactionRunner, RgRepository, RgService],
  exports: [RgService, TypeOrmModule],
})
export class RgModule {}
