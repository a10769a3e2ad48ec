import { Module } from '@nestjs/common';

/** Backoffice module (architecture.md, "modules/backoffice"). */
@Module({})
export class BackofficeModule {}
