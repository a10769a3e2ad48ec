import { FinanceDataService } from './finance-data.service';
import { WithdrawalDataRepository } from './withdrawal-data.repository';
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccountModule } from '../account/account.module';
import { TransactionRunner } from '../../database/transaction-runner';
import { ProcessorModule } from '../processor/processor.module';
import { B2cCallbacksController } from './b2c-callbacks.controller';
import { B2cPayout } from './entities/b2c-payout.entity';
import { Withdrawal } from './entities/withdrawal.entity';
import { FinanceController } from './finance.controller';
import { FinanceService } from './finance.service';
import { LedgerModule } from '../ledger/ledger.module';
import { PayoutDecisionService } from './payout-decision.service';
import { PayoutReconciliationService } from './payout-reconciliation.service';
import { PayoutResultService } from './payout-result.service';
import { PayoutSendService } from './payout-send.service';
import { PayoutService } from './payout.service';
import { WithdrawalRepository } from './withdrawal.repository';
import { B2cFloatRepository } from './b2c-float.repository';
import { B2cFloatService } from './b2c-float.service';

/**
 * Finance module (docs/ARCHITECTURE.md, "modules/finance"): the tipster's balance and earnings read
 * from the ledger (LedgerModule, the only owner of `ledger_entry`), withdrawals, and their B2C payouts (admin approval, `payouts` queue, Result
 * callback). PayoutsProcessor (the `payouts` queue) is loaded by the worker.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([Withdrawal, B2cPayout]),
    LedgerModule,
    ProcessorModule,
    AccountModule,
  ],
  controllers: [FinanceController, B2cCallbacksController],
  providers: [
    TransactionRunner,
    WithdrawalRepository,
    WithdrawalDataRepository,
    FinanceDataService,
    FinanceService,
    PayoutService,
    PayoutDecisionService,
    PayoutSendService,
    PayoutResultService,
    PayoutReconciliationService,
    B2cFloatRepository,
    B2cFloatService,
  ],
  exports: [FinanceService, FinanceDataService, PayoutService, B2cFloatService, LedgerModule],
})
export class FinanceModule {}
