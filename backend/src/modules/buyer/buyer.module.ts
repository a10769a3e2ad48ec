import { Module } from '@nestjs/common';
import { ProcessorModule } from '../processor/processor.module';
import { RgModule } from '../rg/rg.module';
import { SlipModule } from '../slip/slip.module';
import { BuyerController } from './buyer.controller';
import { BuyerService } from './buyer.service';

/**
 * A buyer's history (docs/ARCHITECTURE.md "modules/buyer"): thin, it owns no table. The code
 * proving the phone is rg's (PhoneCodeService), the purchases processor's (PurchaseService), the
 * slips slip's (BoughtSlipsService).
 */
@Module({
  imports: [ProcessorModule, RgModule, SlipModule],
  controllers: [BuyerController],
  providers: [BuyerService],
})
export class BuyerModule {}
