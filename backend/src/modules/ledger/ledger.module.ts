import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { LedgerEntry } from './entities/ledger-entry.entity';
import { LedgerRepository } from './ledger.repository';
import { LedgerService } from './ledger.service';
import { LedgerVoucherService } from './ledger-voucher.service';

/**
 * The ledger (docs/ARCHITECTURE.md "modules/ledger", "Layers": rank 0, it imports no feature
 * module): processor, slip, subscription and finance write their money movements through
 * `LedgerService` (vouchers: `LedgerVoucherService`) inside their own transactions; finance reads balances from it.
 */
@Module({
  imports: [TypeOrmModule.forFeature([LedgerEntry])],
  providers: [LedgerRepository, LedgerService, LedgerVoucherService],
  exports: [LedgerService, LedgerVoucherService],
})
export class LedgerModule {}
