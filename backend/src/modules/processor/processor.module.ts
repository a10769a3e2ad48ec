import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AppConfig } from '../../config/app-config';
import { DarajaClient } from '../../providers/daraja/daraja.client';
import { FlutterwaveClient } from '../../providers/flutterwave/flutterwave.client';
import { NotificationsModule } from '../notifications/notifications.module';
import { LedgerEntry } from './entities/ledger-entry.entity';
import { Purchase } from './entities/purchase.entity';
import { MpesaCallbackBatcher } from './mpesa-callback-batcher';
import { ProcessorCallbacksController } from './processor-callbacks.controller';
import { PurchaseFulfilments } from './purchase-fulfilments';
import { PurchaseGates } from './purchase-gates';
import { PurchaseService } from './purchase.service';

/**
 * Processor module (docs/ARCHITECTURE.md, "modules/processor"): purchases, provider callbacks, the
 * ledger of money movements and the fulfilment registry other modules plug into
 * (PurchaseFulfilments). PaymentsProcessor (the `payments` queue) is loaded by the worker.
 */
@Module({
  imports: [TypeOrmModule.forFeature([Purchase, LedgerEntry]), NotificationsModule],
  controllers: [ProcessorCallbacksController],
  providers: [
    PurchaseService,
    PurchaseFulfilments,
    PurchaseGates,
    MpesaCallbackBatcher,
    { provide: DarajaClient, inject: [AppConfig], useFactory: (c: AppConfig) => new DarajaClient({ ...c.mpesa }) },
    { provide: FlutterwaveClient, inject: [AppConfig], useFactory: (c: AppConfig) => new FlutterwaveClient({ ...c.flutterwave }) },
  ],
  exports: [PurchaseService, PurchaseFulfilments, PurchaseGates, MpesaCallbackBatcher, DarajaClient, FlutterwaveClient],
})
export class ProcessorModule {}
