import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { LedgerEntry } from './entities/ledger-entry.entity';
import { LedgerRepository } from './ledger.repository';
import { LedgerService } from './ledger.service';

/**
 * The ledger (docs/ARCHITECTURE.md "Layers": part of finance, ranked below every feature module
 * because it imports none): processor, slip and subscription write their money movements through
 * `LedgerService` inside their own transactions; the rest of finance reads balances from it.
 */
@Module({
  imports: [TypeOrmModule.forFeature([LedgerEntry])],
  providers: [LedgerRepository, LedgerService],
  exports: [LedgerService],
})
export class LedgerModule {}
