import { NotificationsDataRepository } from './personal-data.repository';
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
import { MessageRetentionService } from './message-retention.service';
import { MarketingConsent } from './consent/entities/marketing-consent.entity';
import { MarketingConsentRepository } from './consent/marketing-consent.repository';
import { MarketingConsentService } from './consent/marketing-consent.service';
import { MarketingSender } from './consent/marketing-sender.service';
import { SmsInboundController } from './consent/sms-inbound.controller';
import { UnsubscribeController } from './consent/unsubscribe.controller';

/**
 * Notifications module (docs/ARCHITECTURE.md, "modules/notifications"): the e-mail outbox, its
 * nodemailer transport (or the sandbox mailbox) and the worker's in-process retry pass; the SMS outbox sent
 * through Africa's Talking by the `sms` queue (SmsProcessor, loaded by the worker) and its
 * delivery reports.
 * Other modules use EmailOutboxService: `add` inside their transaction, `dispatch` after commit;
 * and SmsService the same way: `queue(to, body, purpose, em)`, `dispatch(id)` after commit.
 * Marketing consent (docs/PRODUCT-RULES.md R230-R235): MarketingConsentService records opt-ins and
 * opt-outs (STOP replies, unsubscribe links); every marketing message goes through MarketingSender.
 */
@Module({
  // ScheduleModule: the in-process e-mail retry pass (EmailOutboxPoller); cluster-wide schedules are BullMQ job schedulers.
  imports: [
    ScheduleModule.forRoot(),
    TypeOrmModule.forFeature([EmailOutbox, SmsOutbox, MarketingConsent]),
  ],
  controllers: [
    SandboxMailController,
    SmsDeliveryReportController,
    SmsInboundController,
    UnsubscribeController,
  ],
  providers: [
    EmailTransport,
    EmailOutboxService,
    EmailOutboxRepository,
    EmailOutboxPoller,
    SmsService,
    SmsSender,
    SmsOutboxRepository,
    MessageRetentionService,
    TransactionRunner,
    DeliveryReportBatcher,
    MarketingConsentRepository,
    MarketingConsentService,
    MarketingSender,
    NotificationsDataRepository,
    {
      provide: AfricasTalkingClient,
      inject: [AppConfig],
      useFactory: (config: AppConfig) => new AfricasTalkingClient({ ...config.africasTalking }),
    },
  ],
  exports: [
    NotificationsDataRepository,
    EmailOutboxService,
    SmsService,
    SmsSender,
    MessageRetentionService,
    MarketingConsentService,
    MarketingSender,
  ],
})
export class NotificationsModule {}
