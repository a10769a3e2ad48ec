import { Module } from '@nestjs/common';

/** Account module (architecture.md, "modules/account"). */
@Module({})
export class AccountModule {}
