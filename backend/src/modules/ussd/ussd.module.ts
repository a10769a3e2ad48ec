import { Module } from '@nestjs/common';
import { ProcessorModule } from '../processor/processor.module';
import { RgModule } from '../rg/rg.module';
import { SlipModule } from '../slip/slip.module';
import { UssdBuyService } from './ussd-buy.service';
import { UssdCallbackGuard } from './ussd-callback.guard';
import { UssdMenuService } from './ussd-menu.service';
import { UssdController } from './ussd.controller';

/**
 * USSD module (docs/ARCHITECTURE.md "modules/ussd"): Africa's Talking's USSD menu over the slip,
 * rg and processor modules' services; its `ussd` queue's processor loads with the worker.
 */
@Module({
  imports: [SlipModule, RgModule, ProcessorModule],
  controllers: [UssdController],
  providers: [UssdMenuService, UssdBuyService, UssdCallbackGuard],
  exports: [UssdBuyService],
})
export class UssdModule {}
