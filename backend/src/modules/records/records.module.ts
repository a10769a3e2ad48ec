import { Module } from '@nestjs/common';
import { TransactionRunner } from '../../database/transaction-runner';
import { AccountModule } from '../account/account.module';
import { SlipModule } from '../slip/slip.module';
import { RecordsController } from './records.controller';
import { RecordsRepository } from './records.repository';
import { MarketplaceRecordService } from './marketplace-record.service';
import { RecordsService } from './records.service';

/** Records module (docs/ARCHITECTURE.md "Layers", "Table ownership"): tipster figures precomputed from slip's `slip.settled`. */
@Module({
  imports: [SlipModule, AccountModule],
  controllers: [RecordsController],
  providers: [TransactionRunner, RecordsRepository, RecordsService, MarketplaceRecordService],
  exports: [RecordsService],
})
export class RecordsModule {}
