import { Global, Module } from '@nestjs/common';
import { AdjustableClock } from './adjustable-clock';
import { CLOCK } from './clock';

/**
 * The application's one clock as a global provider, bound once here (docs/ARCHITECTURE.md "One clock"):
 * inject `CLOCK` (a Clock) to read "now", or `AdjustableClock` to pin it; both are the same instance.
 * Modules never bind a clock of their own.
 */
@Global()
@Module({
  providers: [
    { provide: CLOCK, useClass: AdjustableClock },
    { provide: AdjustableClock, useExisting: CLOCK },
  ],
  exports: [CLOCK, AdjustableClock],
})
export class ClockModule {}
