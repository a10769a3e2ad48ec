import { Module } from '@nestjs/common';

/** Slip module (architecture.md, "modules/slip"). */
@Module({})
export class SlipModule {}
