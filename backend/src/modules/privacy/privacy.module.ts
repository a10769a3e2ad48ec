import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { TransactionRunner } from '../../database/transaction-runner';
import { AccountModule } from '../account/account.module';
import { FinanceModule } from '../finance/finance.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { ProcessorModule } from '../processor/processor.module';
import { RgModule } from '../rg/rg.module';
import { SlipModule } from '../slip/slip.module';
import { SubscriptionModule } from '../subscription/subscription.module';
import { AccountClosingService } from './account-closing.service';
import { AccountDataExportService } from './account-data-export.service';
import { BuyerDataReader } from './buyer-data.reader';
import { BuyerDataService } from './buyer-data.service';
import { BuyerErasureService } from './buyer-erasure.service';
import { AccountDataController, BuyerDataController } from './data-rights.controller';
import { RetentionRun } from './entities/retention-run.entity';
import { PrivacyController } from './privacy.controller';
import { RetentionRunRepository } from './retention-run.repository';
import { RetentionService } from './retention.service';

/**
 * Privacy module (docs/ARCHITECTURE.md "modules/privacy"): a person's data rights over every
 * module (docs/PRODUCT-RULES.md R260-R266: the export and the erasure), data retention
 * (RetentionService, run by the maintenance queue's `run-retention` schedule; its runs in
 * `retention_run`, the one table it owns; R270-R275) and the privacy notice (GET
 * /api/site/privacy). Each module reads and erases its own rows through its exported service or
 * repository, and this module calls them: it ranks above them all but the back office.
 * MaintenanceProcessor, the maintenance queue's consumer, is loaded by the worker.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([RetentionRun]),
    AccountModule,
    FinanceModule,
    NotificationsModule,
    ProcessorModule,
    RgModule,
    SlipModule,
    SubscriptionModule,
  ],
  controllers: [PrivacyController, AccountDataController, BuyerDataController],
  providers: [
    TransactionRunner,
    AccountDataExportService,
    AccountClosingService,
    BuyerDataReader,
    BuyerDataService,
    BuyerErasureService,
    RetentionService,
    RetentionRunRepository,
  ],
  exports: [RetentionService],
})
export class PrivacyModule {}
