import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AppConfig } from '../../config/app-config';
import { TransactionRunner } from '../../database/transaction-runner';
import { DarajaClient } from '../../providers/daraja/daraja.client';
import { FlutterwaveClient } from '../../providers/flutterwave/flutterwave.client';
import { NotificationsModule } from '../notifications/notifications.module';
import { LedgerModule } from '../ledger/ledger.module';
import { Purchase } from './entities/purchase.entity';
import { MpesaCallbackBatcher } from './mpesa-callback-batcher';
import { ProcessorCallbacksController } from './processor-callbacks.controller';
import { PurchaseFulfilments } from './purchase-fulfilments';
import { PurchaseGates } from './purchase-gates';
import { PurchaseLookupRepository } from './purchase-lookup.repository';
import { PurchaseService } from './purchase.service';
import { PurchaseRepository } from './purchase.repository';

/**
 * Processor module (docs/ARCHITECTURE.md, "modules/processor"): purchases, provider callbacks and
 * the fulfilment registry other modules plug into (PurchaseFulfilments). It re-exports finance's
 * LedgerModule: a fulfilment records its money movements through LedgerService in the payment
 * transaction. PaymentsProcessor (the `payments` queue) is loaded by the worker.
 */
@Module({
  imports: [TypeOrmModule.forFeature([Purchase]), NotificationsModule, LedgerModule],
  controllers: [ProcessorCallbacksController],
  providers: [
    TransactionRunner,
    PurchaseRepository,
    PurchaseService,
    PurchaseFulfilments,
    PurchaseGates,
    MpesaCallbackBatcher,
    PurchaseLookupRepository,
    { provide: DarajaClient, inject: [AppConfig], useFactory: (c: AppConfig) => new DarajaClient({ ...c.mpesa }) },
    { provide: FlutterwaveClient, inject: [AppConfig], useFactory: (c: AppConfig) => new FlutterwaveClient({ ...c.flutterwave }) },
  ],
  exports: [PurchaseService, PurchaseFulfilments, PurchaseGates, PurchaseLookupRepository, MpesaCallbackBatcher, DarajaClient, FlutterwaveClient, LedgerModule],
})
export class ProcessorModule {}
