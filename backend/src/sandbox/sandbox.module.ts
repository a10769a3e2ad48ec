import { DynamicModule, Module } from '@nestjs/common';
import { TransactionRunner } from '../database/transaction-runner';
import { AppConfig } from '../config/app-config';
import { loadEnv } from '../config/load-env';
import { SandboxAdminService } from './admin/sandbox-admin.service';
import { SandboxApiController } from './admin/sandbox-api.controller';
import { AfricasTalkingSandboxController } from './africastalking/africastalking-sandbox.controller';
import { AfricasTalkingSandboxService } from './africastalking/africastalking-sandbox.service';
import { C2bSandboxController } from './daraja/c2b/c2b-sandbox.controller';
import { C2bSandboxRepository } from './daraja/c2b/c2b-sandbox.repository';
import { C2bSandboxService } from './daraja/c2b/c2b-sandbox.service';
import { DarajaSandboxController } from './daraja/daraja-sandbox.controller';
import { DarajaSandboxRepository } from './daraja/daraja-sandbox.repository';
import { DarajaSandboxService } from './daraja/daraja-sandbox.service';
import { FaultRepository } from './faults/fault.repository';
import { FlutterwaveSandboxController } from './flutterwave/flutterwave-sandbox.controller';
import { FlutterwaveSandboxRepository } from './flutterwave/flutterwave-sandbox.repository';
import { FlutterwaveSandboxService } from './flutterwave/flutterwave-sandbox.service';
import { OutboundRepository } from './outbound/outbound.repository';
import { OutboundService } from './outbound/outbound.service';
import { SandboxSweeper } from './outbound/sandbox-sweeper';
import { PhoneController } from './phone/phone.controller';
import { PhoneService } from './phone/phone.service';
import { PhoneReplyService } from './phone/phone-reply.service';
import { SmsInboxRepository } from './phone/sms-inbox.repository';
import { S3SandboxController } from './s3/s3-sandbox.controller';
import { S3ObjectRepository } from './s3/s3-object.repository';
import { S3SandboxService } from './s3/s3-sandbox.service';
import { SandboxOffController } from './sandbox-off.controller';
import { TsaSandboxController } from './tsa/tsa-sandbox.controller';
import { TsaSandboxService } from './tsa/tsa-sandbox.service';
import { parseSandboxSettings, SandboxSettings } from './sandbox.settings';
import { UssdPhoneController } from './ussd/ussd-phone.controller';
import { UssdPhoneService } from './ussd/ussd-phone.service';

/**
 * Provider sandboxes (docs/ARCHITECTURE.md, "Providers and sandboxes"): Daraja, Flutterwave
 * and Africa's Talking simulators speaking the real contracts (docs/PROVIDERS.md), the sandbox phone
 * and the index page, all under /sandbox. `forRoot()` reads the environment when the app is
 * built (like AppModule.forRoot): with the sandbox off — always when NODE_ENV=production — none
 * of it is loaded and every /sandbox path answers 404.
 */
@Module({})
export class SandboxModule {
  static forRoot(): DynamicModule {
    const env = loadEnv();
    const config = AppConfig.fromEnv(env);
    if (!config.sandboxEnabled)
      return { module: SandboxModule, controllers: [SandboxOffController] };
    const settings = parseSandboxSettings(process.env, {
      publicUrl: config.publicUrl,
      autoAccept: config.sandboxAutoAccept,
      atCallbackToken: config.africasTalking.callbackToken,
    });
    return {
      module: SandboxModule,
      controllers: [
        DarajaSandboxController,
        C2bSandboxController,
        FlutterwaveSandboxController,
        AfricasTalkingSandboxController,
        PhoneController,
        SandboxApiController,
        S3SandboxController,
        TsaSandboxController,
        UssdPhoneController,
      ],
      providers: [
        { provide: SandboxSettings, useValue: settings },
        FaultRepository,
        OutboundRepository,
        OutboundService,
        SmsInboxRepository,
        DarajaSandboxRepository,
        DarajaSandboxService,
        C2bSandboxRepository,
        C2bSandboxService,
        FlutterwaveSandboxRepository,
        FlutterwaveSandboxService,
        AfricasTalkingSandboxService,
        PhoneService,
        PhoneReplyService,
        SandboxAdminService,
        SandboxSweeper,
        S3SandboxService,
        S3ObjectRepository,
        TsaSandboxService,
        TransactionRunner,
        UssdPhoneService,
      ],
    };
  }
}
