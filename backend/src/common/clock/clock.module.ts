import { Global, Module } from '@nestjs/common';
import { AdjustableClock } from './adjustable-clock';
import { CLOCK } from './clock';

/**
 * The application's clock as a global provider: inject `CLOCK` (a Clock) or `AdjustableClock`
 * (to pin it); both are the same instance. Modules' own tokens (FIXTURES_CLOCK, FINANCE_CLOCK)
 * are aliases of it.
 */
@Global()
@Module({
  providers: [{ provide: CLOCK, useClass: AdjustableClock }, { provide: AdjustableClock, useExisting: CLOCK }],
  exports: [CLOCK, AdjustableClock],
})
export class ClockModule {}
