import {
  BadRequestException,
  Body,
  Controller,
  HttpCode,
  Logger,
  NotFoundException,
  Param,
  Post,
} from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Public } from '../../common/decorators/public.decorator';
import { JobProducer } from '../../common/queues/job-producer.service';
import { JOB, jobId } from '../../common/queues/queues';
import { AppConfig } from '../../config/app-config';
import { ProviderCallbackError } from '../../providers/common/provider-errors';
import {
  DARAJA_CALLBACK_ACK,
  parseAccountBalanceResult,
  parseB2cResult,
} from '../../providers/daraja/daraja.client';
import { sameSecret } from '../../common/security/same-secret';

/**
 * Daraja B2C callbacks (docs/PROVIDERS.md §1.8, §1.10): the path token (MPESA_CALLBACK_TOKEN) is the
 * secret, wrong token → 404. The Result is checked for shape, enqueued on `payouts` (durably: the
 * job inbox when Redis is down) and answered at once; PayoutService applies it in the worker.
 */
@ApiExcludeController()
@Public()
@Controller('api/finance/callbacks')
export class B2cCallbacksController {
  private readonly logger = new Logger(B2cCallbacksController.name);

  constructor(
    private readonly config: AppConfig,
    private readonly producer: JobProducer,
  ) {}

  /** B2C Result (§1.8). Bad shape → 400. */
  @Post('b2c-result/:token')
  @HttpCode(200)
  async result(
    @Param('token') token: string,
    @Body() body: unknown,
  ): Promise<typeof DARAJA_CALLBACK_ACK> {
    if (!sameSecret(token, this.config.mpesa.callbackToken)) throw new NotFoundException();
    let key: string;
    try {
      const r = parseB2cResult(body);
      key = jobId('b2c', r.originatorConversationId, r.resultCode);
    } catch (err) {
      if (err instanceof ProviderCallbackError) throw new BadRequestException(err.message);
      throw err;
    }
    await this.producer.enqueueDurable(JOB.B2C_RESULT, body, key);
    return DARAJA_CALLBACK_ACK;
  }

  /** Account Balance Result (§1.12; docs/PRODUCT-RULES.md R195). Bad shape → 400. */
  @Post('balance-result/:token')
  @HttpCode(200)
  async balanceResult(
    @Param('token') token: string,
    @Body() body: unknown,
  ): Promise<typeof DARAJA_CALLBACK_ACK> {
    if (!sameSecret(token, this.config.mpesa.callbackToken)) throw new NotFoundException();
    let key: string;
    try {
      key = jobId('balance', parseAccountBalanceResult(body).conversationId);
    } catch (err) {
      if (err instanceof ProviderCallbackError) throw new BadRequestException(err.message);
      throw err;
    }
    await this.producer.enqueueDurable(JOB.ACCOUNT_BALANCE_RESULT, body, key);
    return DARAJA_CALLBACK_ACK;
  }

  /** Account Balance queue time-out (§1.12): only acknowledged; the next `check-b2c-float` tick asks again. */
  @Post('balance-result/:token/timeout')
  @HttpCode(200)
  balanceTimeout(@Param('token') token: string): typeof DARAJA_CALLBACK_ACK {
    if (!sameSecret(token, this.config.mpesa.callbackToken)) throw new NotFoundException();
    return DARAJA_CALLBACK_ACK;
  }

  /**
   * B2C queue time-out (§1.8: body undocumented): the outcome is unknown, so nothing is paid back
   * nor sent again; it is logged for the reconciliation of the withdrawal.
   */
  @Post('b2c-timeout/:token')
  @HttpCode(200)
  timeout(@Param('token') token: string, @Body() body: unknown): typeof DARAJA_CALLBACK_ACK {
    if (!sameSecret(token, this.config.mpesa.callbackToken)) throw new NotFoundException();
    this.logger.warn({ body }, 'B2C queue time-out: outcome unknown');
    return DARAJA_CALLBACK_ACK;
  }
}
