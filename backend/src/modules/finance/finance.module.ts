import { Module } from '@nestjs/common';

/** Finance module (architecture.md, "modules/finance"). */
@Module({})
export class FinanceModule {}
