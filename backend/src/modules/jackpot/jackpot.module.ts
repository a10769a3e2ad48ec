import { Module } from '@nestjs/common';

/** Jackpot module (architecture.md, "modules/jackpot"). */
@Module({})
export class JackpotModule {}
