import { SlipDataRepository } from './slip-data.repository';
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { FixturesModule } from '../fixtures/fixtures.module';
import { Slip } from './entities/slip.entity';
import { SlipWithPicks } from './entities/slip-with-picks.entity';
import { Tip } from './entities/tip.entity';
import { FreeTip } from './entities/free-tip.entity';
import { FreeTipService } from './free-tip.service';
import { SlipEvents } from './slip-events';
import { SlipPublishService } from './slip-publish.service';
import { SlipController } from './slip.controller';
import { SlipV2Controller } from './slip-v2.controller';
import { HomeSlipsController } from './home-slips.controller';
import { JackpotSlipsRepository } from './jackpot-slips.repository';
import { SlipPreviewsRepository } from './slip-previews.repository';
import { ProfileSlipsService } from './profile-slips.service';
import { SlipListRowsService } from './slip-list-rows.service';
import { SlipQueryService } from './slip-query.service';
import { SlipRenderService } from './slip-render.service';
import { SlipRepository } from './slip.repository';
import { SlipListCache } from './slip-list-cache';
import { SlipPageIndex } from './slip-page-index';
import { SlipSettlementService } from './slip-settlement.service';
import { PaybillOfferService } from './paybill-offer.service';
import { TipsterStatsService } from './tipster-stats.service';
import { TipsterController } from './tipster.controller';
import { AccountModule } from '../account/account.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { ProcessorModule } from '../processor/processor.module';
import { SlipSalesController } from './slip-sales.controller';
import { FindSlipService } from './find-slip.service';
import { SaleShareSettlementService } from './sale-share-settlement.service';
import { SlipBuyService } from './slip-buy.service';
import { SlipFulfilmentService } from './slip-fulfilment.service';
import { SlipLegsService } from './slip-legs.service';
import { SlipSalesRepository } from './slip-sales.repository';
import { PremiumSlipsService } from './premium-slips.service';
import { BoughtSlipsService } from './bought-slips.service';
import { TransactionRunner } from '../../database/transaction-runner';
import { FreeTipRepository } from './free-tip.repository';
import { SettlementRepository } from './settlement.repository';
import { TipsterFiguresRepository } from './tipster-figures.repository';
import { TipsterStatsModule } from '../tipster-stats/tipster-stats.module';
import { SettledSlipsRepository } from './settled-slips.repository';
import { SlipExportController } from './slip-export.controller';
import { SlipExportService } from './slip-export.service';
import { SlipPicksResendService } from './slip-picks-resend.service';
import { TransparencyModule } from '../transparency/transparency.module';
import { PicksDelivery } from './entities/picks-delivery.entity';
import { PicksDeliveryRepository } from './picks-delivery.repository';
import { PicksDeliveryService } from './picks-delivery.service';
import { PicksDeliveryCheckService } from './picks-delivery-check.service';
import { UndeliveredPicksHook } from './undelivered-picks.hook';
import { SaleRefundService } from './sale-refund.service';

/** Slip module (docs/ARCHITECTURE.md, "modules/slip"): slips and tips, can-post, lists, settlement, the leaderboard (the tipsters' counters are TipsterStatsModule's), the delivery of bought picks (docs/PRODUCT-RULES.md R220–R226). */
@Module({
  imports: [
    TypeOrmModule.forFeature([Slip, Tip, FreeTip, SlipWithPicks, PicksDelivery]),
    FixturesModule,
    AccountModule,
    ProcessorModule,
    NotificationsModule,
    TipsterStatsModule,
    TransparencyModule,
  ],
  controllers: [
    SlipController,
    SlipV2Controller,
    HomeSlipsController,
    TipsterController,
    SlipSalesController,
    SlipExportController,
  ],
  providers: [
    SlipDataRepository,
    TransactionRunner,
    SlipRepository,
    TipsterFiguresRepository,
    SettlementRepository,
    FreeTipRepository,
    JackpotSlipsRepository,
    SlipPreviewsRepository,
    SettledSlipsRepository,
    SlipSalesRepository,
    SlipEvents,
    SlipListCache,
    SlipPageIndex,
    SlipPublishService,
    SlipQueryService,
    SlipListRowsService,
    SlipRenderService,
    ProfileSlipsService,
    SlipSettlementService,
    TipsterStatsService,
    FreeTipService,
    SlipBuyService,
    SlipFulfilmentService,
    SaleShareSettlementService,
    FindSlipService,
    SlipLegsService,
    PremiumSlipsService,
    SlipExportService,
    BoughtSlipsService,
    SlipPicksResendService,
    PicksDeliveryRepository,
    PicksDeliveryService,
    PicksDeliveryCheckService,
    UndeliveredPicksHook,
    PaybillOfferService,
    SaleRefundService,
  ],
  exports: [
    SlipDataRepository,
    BoughtSlipsService,
    SlipBuyService,
    SlipPicksResendService,
    JackpotSlipsRepository,
    SlipPreviewsRepository,
    SettledSlipsRepository,
    PremiumSlipsService,
    SlipEvents,
    SlipPublishService,
    SlipQueryService,
    SlipSettlementService,
    TipsterStatsService,
    FreeTipService,
    PicksDeliveryCheckService,
    UndeliveredPicksHook,
    PaybillOfferService,
  ],
})
export class SlipModule {}
