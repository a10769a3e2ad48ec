import { Module } from '@nestjs/common';

/** Processor module (architecture.md, "modules/processor"). */
@Module({})
export class ProcessorModule {}
