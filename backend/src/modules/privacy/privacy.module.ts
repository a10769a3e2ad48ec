import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccountModule } from '../account/account.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { ProcessorModule } from '../processor/processor.module';
import { RetentionRun } from './entities/retention-run.entity';
import { PrivacyController } from './privacy.controller';
import { RetentionRunRepository } from './retention-run.repository';
import { RetentionService } from './retention.service';

/**
 * Privacy module (docs/ARCHITECTURE.md "modules/privacy"): data retention across modules
 * (RetentionService, run by the maintenance queue's `run-retention` schedule; its runs in
 * `retention_run`) and the privacy notice (GET /api/site/privacy). It ranks above notifications,
 * account and processor, whose exported services erase their own data (docs/PRODUCT-RULES.md
 * R270-R275). MaintenanceProcessor, the maintenance queue's consumer, is loaded by the worker.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([RetentionRun]),
    AccountModule,
    NotificationsModule,
    ProcessorModule,
  ],
  controllers: [PrivacyController],
  providers: [RetentionService, RetentionRunRepository],
  exports: [RetentionService],
})
export class PrivacyModule {}
