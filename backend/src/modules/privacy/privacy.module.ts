import { Module } from '@nestjs/common';
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
import { AccountDataController, BuyerDataController } from './privacy.controller';

/**
 * Data rights (docs/ARCHITECTURE.md "modules/privacy", docs/PRODUCT-RULES.md R260-R266): the
 * export and the erasure of a person's data over every module. It owns no table: each module
 * reads and erases its own rows through its exported service or repository, and this module
 * calls them (it ranks above them all but the back office and the USSD menu).
 */
@Module({
  imports: [
    AccountModule,
    FinanceModule,
    NotificationsModule,
    ProcessorModule,
    RgModule,
    SlipModule,
    SubscriptionModule,
  ],
  controllers: [AccountDataController, BuyerDataController],
  providers: [
    TransactionRunner,
    AccountDataExportService,
    AccountClosingService,
    BuyerDataReader,
    BuyerDataService,
    BuyerErasureService,
  ],
})
export class PrivacyModule {}
