import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AppConfig } from '../../config/app-config';
import { TransactionRunner } from '../../database/transaction-runner';
import { DarajaClient } from '../../providers/daraja/daraja.client';
import { FlutterwaveClient } from '../../providers/flutterwave/flutterwave.client';
import { NotificationsModule } from '../notifications/notifications.module';
import { LedgerModule } from '../ledger/ledger.module';
import { Purchase } from './entities/purchase.entity';
import { PurchaseRetentionService } from './purchase-retention.service';
import { C2bConfirmationBatcher } from './c2b-confirmation-batcher';
import { MpesaCallbackBatcher } from './mpesa-callback-batcher';
import { ProcessorCallbacksController } from './processor-callbacks.controller';
import { PurchaseFulfilments } from './purchase-fulfilments';
import { PurchaseGates } from './purchase-gates';
import { PurchaseDataRepository } from './purchase-data.repository';
import { PurchaseLookupRepository } from './purchase-lookup.repository';
import { PaymentConfirmationService } from './payment-confirmation.service';
import { PurchaseReconciliationService } from './purchase-reconciliation.service';
import { PurchaseReviewService } from './purchase-review.service';
import { PurchaseStartService } from './purchase-start.service';
import { PurchaseService } from './purchase.service';
import { PurchaseRepository } from './purchase.repository';
import { FlutterwaveRail } from './rails/flutterwave.rail';
import { MpesaStkRail } from './rails/mpesa-stk.rail';
import { C2bCallbacksController } from './rails/c2b/c2b-callbacks.controller';
import { C2bReference } from './rails/c2b/c2b-reference.entity';
import { C2bRail } from './rails/c2b/c2b.rail';
import { C2bRepository } from './rails/c2b/c2b.repository';
import { UnmatchedPayment } from './entities/unmatched-payment.entity';
import { AnyPaymentRail, PaymentRails } from './rails/payment-rail';
import { VoucherRail } from './rails/voucher.rail';
import { Voucher } from './entities/voucher.entity';
import { VoucherRepository } from './vouchers/voucher.repository';
import { VoucherService } from './vouchers/voucher.service';
import { VoucherIssuer } from './vouchers/voucher-issuer';
import { VoucherNotices } from './vouchers/voucher-notices';
import { VoucherRedemption } from './vouchers/voucher-redemption';

/**
 * The payment rails, in reconciliation order: a new rail (docs/CONTRIBUTING.md "Add a payment
 * rail") is a provider of this module and one more entry here.
 */
const RAILS = [MpesaStkRail, FlutterwaveRail, C2bRail, VoucherRail];

/**
 * Processor module (docs/ARCHITECTURE.md, "modules/processor"): purchases, the payment rails,
 * provider callbacks and the fulfilment registry other modules plug into (PurchaseFulfilments).
 * Other modules call PurchaseService (and ask PurchaseLookupRepository); the jobs behind it are
 * the module's own. It re-exports finance's LedgerModule: a fulfilment records its money
 * movements through LedgerService in the payment transaction. PaymentsProcessor (the `payments`
 * queue) is loaded by the worker.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([Purchase, C2bReference, UnmatchedPayment, Voucher]),
    NotificationsModule,
    LedgerModule,
  ],
  controllers: [ProcessorCallbacksController, C2bCallbacksController],
  providers: [
    TransactionRunner,
    PurchaseRepository,
    PurchaseService,
    PurchaseRetentionService,
    PurchaseStartService,
    PaymentConfirmationService,
    PurchaseReconciliationService,
    PurchaseReviewService,
    ...RAILS,
    {
      provide: PaymentRails,
      inject: RAILS,
      useFactory: (...rails: AnyPaymentRail[]) => new PaymentRails(rails),
    },
    PurchaseFulfilments,
    PurchaseGates,
    MpesaCallbackBatcher,
    C2bConfirmationBatcher,
    PurchaseLookupRepository,
    PurchaseDataRepository,
    C2bRepository,
    VoucherRepository,
    VoucherService,
    VoucherIssuer,
    VoucherRedemption,
    VoucherNotices,
    {
      provide: DarajaClient,
      inject: [AppConfig],
      useFactory: (c: AppConfig) => new DarajaClient({ ...c.mpesa }),
    },
    {
      provide: FlutterwaveClient,
      inject: [AppConfig],
      useFactory: (c: AppConfig) => new FlutterwaveClient({ ...c.flutterwave }),
    },
  ],
  exports: [
    PurchaseService,
    VoucherService,
    VoucherNotices,
    PurchaseRetentionService,
    PurchaseFulfilments,
    PurchaseGates,
    PurchaseLookupRepository,
    PurchaseDataRepository,
    MpesaCallbackBatcher,
    C2bConfirmationBatcher,
    DarajaClient,
    FlutterwaveClient,
    LedgerModule,
  ],
})
export class ProcessorModule {}
