import { Module } from '@nestjs/common';
import { ScheduleModule } from '@nestjs/schedule';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AppConfig } from '../../config/app-config';
import { TransactionRunner } from '../../database/transaction-runner';
import { AfricasTalkingClient } from '../../providers/africastalking/africastalking.client';
import { EmailOutbox } from './entities/email-outbox.entity';
import { EmailOutboxRepository } from './email-outbox.repository';
import { SmsOutbox } from './entities/sms-outbox.entity';
import { SmsOutboxRepository } from './sms/sms-outbox.repository';
import { EmailOutboxPoller } from './email-outbox.poller';
import { EmailOutboxService } from './email-outbox.service';
import { EmailTransport } from './email-transport';
import { SandboxMailController } from './sandbox/sandbox-mail.controller';
import { DeliveryReportBatcher } from './sms/delivery-report-batcher';
import { SmsDeliveryReportController } from './sms/sms-delivery-report.controller';
import { SmsSender } from './sms/sms-sender.service';
import { SmsService } from './sms/sms.service';

/**
 * Notifications module (docs/ARCHITECTURE.md, "modules/notifications"): the e-mail outbox, its
 * nodemailer transport (or the sandbox mailbox) and the worker's in-process retry pass; the SMS outbox sent
 * through Africa's Talking by the `sms` queue (SmsProcessor, loaded by the worker) and its
 * delivery reports.
 * Other modules use EmailOutboxService: `add` inside their transaction, `dispatch` after commit;
 * and SmsService the same way: `queue(to, body, purpose, em)`, `dispatch(id)` after commit.
 */
@Module({
  // ScheduleModule: the in-process e-mail retry pass (EmailOutboxPoller); cluster-wide schedules are BullMQ job schedulers.
  imports: [ScheduleModule.forRoot(), TypeOrmModule.forFeature([EmailOutbox, SmsOutbox])],
  controllers: [SandboxMailController, SmsDeliveryReportController],
  providers: [
    EmailTransport,
    EmailOutboxService,
    EmailOutboxRepository,
    EmailOutboxPoller,
    SmsService,
    SmsSender,
    SmsOutboxRepository,
    TransactionRunner,
    DeliveryReportBatcher,
    {
      provide: AfricasTalkingClient,
      inject: [AppConfig],
      useFactory: (config: AppConfig) => new AfricasTalkingClient({ ...config.africasTalking }),
    },
  ],
  exports: [EmailOutboxService, SmsService, SmsSender],
})
export class NotificationsModule {}
