import { Module } from '@nestjs/common';
import { PaymentsProcessor } from '../modules/processor/payments.processor';
import { FixturesModule } from '../modules/fixtures/fixtures.module';
import { FixturesProcessor } from '../modules/fixtures/fixtures.processor';
import { JobSchedulers } from './job-schedulers';
import { SlipModule } from '../modules/slip/slip.module';
import { RecordsModule } from '../modules/records/records.module';
import { SettlementProcessor } from '../modules/slip/settlement.processor';
import { SlipLogBackfill } from '../modules/slip/slip-log-backfill';
import { ProcessorModule } from '../modules/processor/processor.module';
import { NotificationsModule } from '../modules/notifications/notifications.module';
import { SmsProcessor } from '../modules/notifications/sms/sms.processor';
import { AccountModule } from '../modules/account/account.module';
import { MaintenanceProcessor } from '../modules/privacy/maintenance.processor';
import { PrivacyModule } from '../modules/privacy/privacy.module';
import { FinanceModule } from '../modules/finance/finance.module';
import { PayoutsProcessor } from '../modules/finance/payouts.processor';
import { TransparencyModule } from '../modules/transparency/transparency.module';
import { TransparencyProcessor } from '../modules/transparency/transparency.processor';
import { UssdModule } from '../modules/ussd/ussd.module';
import { UssdProcessor } from '../modules/ussd/ussd.processor';

/**
 * What only the worker role loads: one BullMQ processor per queue (in its owning module's folder)
 * and the job schedulers (registered at boot and kept registered; the job inbox drained by a
 * @nestjs/schedule timer — ScheduleModule comes with NotificationsModule).
 */
@Module({
  imports: [
    FixturesModule,
    ProcessorModule,
    NotificationsModule,
    SlipModule,
    RecordsModule,
    AccountModule,
    FinanceModule,
    TransparencyModule,
    UssdModule,
    PrivacyModule,
  ],
  providers: [
    PaymentsProcessor,
    FixturesProcessor,
    SettlementProcessor,
    SmsProcessor,
    MaintenanceProcessor,
    PayoutsProcessor,
    TransparencyProcessor,
    UssdProcessor,
    SlipLogBackfill,
    JobSchedulers,
  ],
})
export class JobsModule {}
