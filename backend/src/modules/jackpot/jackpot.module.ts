import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { TransactionRunner } from '../../database/transaction-runner';
import { AccountModule } from '../account/account.module';
import { FixturesModule } from '../fixtures/fixtures.module';
import { ProcessorModule } from '../processor/processor.module';
import { SlipModule } from '../slip/slip.module';
import { Jackpot } from './entities/jackpot.entity';
import { JackpotController } from './jackpot.controller';
import { JackpotRepository } from './jackpot.repository';
import { JackpotService } from './jackpot.service';

/**
 * Jackpot module (docs/ARCHITECTURE.md, "modules/jackpot"): SP and BT jackpots, Mega (MG) and
 * Mid Week (MW). Public route GET /api/jackpot/get-all-jackpots; admin writes through the exported
 * JackpotService (back office `jackpots` resource, the `jackpots` seed step).
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([Jackpot]),
    AccountModule,
    FixturesModule,
    ProcessorModule,
    SlipModule,
  ],
  controllers: [JackpotController],
  providers: [JackpotService, JackpotRepository, TransactionRunner],
  exports: [JackpotService],
})
export class JackpotModule {}
