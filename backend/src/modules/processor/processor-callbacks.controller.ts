import {
  BadRequestException,
  Body,
  Controller,
  Headers,
  HttpCode,
  NotFoundException,
  Param,
  Post,
  UnauthorizedException,
} from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Public } from '../../common/decorators/public.decorator';
import { JobProducer } from '../../common/queues/job-producer.service';
import { JOB, jobId } from '../../common/queues/queues';
import { AppConfig } from '../../config/app-config';
import { ProviderCallbackError } from '../../providers/common/provider-errors';
import {
  DARAJA_CALLBACK_ACK,
  parseStkCallback,
  parseTransactionStatusResult,
} from '../../providers/daraja/daraja.client';
import {
  parseWebhook,
  verifyWebhookSignature,
} from '../../providers/flutterwave/flutterwave.client';
import { sameSecret } from '../../common/security/same-secret';

/**
 * Provider callbacks (docs/PRODUCT-RULES.md "Purchases and provider callbacks"): validate, enqueue on `payments` with the provider's
 * id as jobId (durably: the job inbox table when Redis is down), answer at once. The money work
 * happens in the worker (PurchaseService).
 */
@ApiExcludeController()
@Public()
@Controller('api/processor')
export class ProcessorCallbacksController {
  constructor(
    private readonly config: AppConfig,
    private readonly producer: JobProducer,
  ) {}

  /** Daraja STK callback (docs/PROVIDERS.md §1.6); the path token is the secret (§1.10). Wrong token → 404. */
  @Post('mpesa/callback/:token')
  @HttpCode(200)
  async mpesaCallback(
    @Param('token') token: string,
    @Body() body: unknown,
  ): Promise<typeof DARAJA_CALLBACK_ACK> {
    if (!sameSecret(token, this.config.mpesa.callbackToken)) throw new NotFoundException();
    let checkoutRequestId: string;
    try {
      checkoutRequestId = parseStkCallback(body).checkoutRequestId;
    } catch (err) {
      if (err instanceof ProviderCallbackError) throw new BadRequestException(err.message);
      throw err;
    }
    await this.producer.enqueueDurable(JOB.MPESA_CALLBACK, body, jobId('mpesa', checkoutRequestId));
    return DARAJA_CALLBACK_ACK;
  }

  /**
   * Daraja Transaction Status Result (docs/PROVIDERS.md §1.9; docs/PRODUCT-RULES.md R194), queued
   * under its OriginatorConversationID. Wrong token → 404; a body that is not a Result → 400.
   */
  @Post('status-result/:token')
  @HttpCode(200)
  async transactionStatusResult(
    @Param('token') token: string,
    @Body() body: unknown,
  ): Promise<typeof DARAJA_CALLBACK_ACK> {
    if (!sameSecret(token, this.config.mpesa.callbackToken)) throw new NotFoundException();
    let originator: string;
    try {
      originator = parseTransactionStatusResult(body).originatorConversationId;
    } catch (err) {
      if (err instanceof ProviderCallbackError) throw new BadRequestException(err.message);
      throw err;
    }
    await this.producer.enqueueDurable(
      JOB.TRANSACTION_STATUS_RESULT,
      body,
      jobId('ts', originator),
    );
    return DARAJA_CALLBACK_ACK;
  }

  /**
   * Daraja's QueueTimeOutURL of a Transaction Status question (§1.9): no answer in time. Only
   * acknowledged: reconciliation asks again at its next due pass. Wrong token → 404.
   */
  @Post('status-result/:token/timeout')
  @HttpCode(200)
  transactionStatusTimeout(@Param('token') token: string): typeof DARAJA_CALLBACK_ACK {
    if (!sameSecret(token, this.config.mpesa.callbackToken)) throw new NotFoundException();
    return DARAJA_CALLBACK_ACK;
  }

  /** Flutterwave webhook (docs/PROVIDERS.md §2.5): `verif-hash` must equal FLW_SECRET_HASH, else 401. */
  @Post('flutterwave/webhook')
  @HttpCode(200)
  async flutterwaveWebhook(
    @Headers('verif-hash') hash: string | undefined,
    @Body() body: unknown,
  ): Promise<{ status: string }> {
    if (!verifyWebhookSignature(hash, this.config.flutterwave.secretHash))
      throw new UnauthorizedException('Invalid signature');
    let webhook;
    try {
      webhook = parseWebhook(body);
    } catch (err) {
      if (err instanceof ProviderCallbackError) throw new BadRequestException(err.message);
      throw err;
    }
    if (webhook.kind !== 'charge') return { status: 'ignored' };
    await this.producer.enqueueDurable(JOB.FLUTTERWAVE_WEBHOOK, body, jobId('flw', webhook.txRef));
    return { status: 'success' };
  }
}
