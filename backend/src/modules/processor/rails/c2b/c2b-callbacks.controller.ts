import {
  BadRequestException,
  Body,
  Controller,
  ForbiddenException,
  HttpCode,
  Logger,
  Param,
  Post,
} from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Public } from '../../../../common/decorators/public.decorator';
import { JobProducer } from '../../../../common/queues/job-producer.service';
import { JOB, jobId } from '../../../../common/queues/queues';
import { sameSecret } from '../../../../common/security/same-secret';
import { AppConfig } from '../../../../config/app-config';
import { ProviderCallbackError } from '../../../../providers/common/provider-errors';
import {
  C2B_CONFIRMATION_ACK,
  C2B_RESULT,
  c2bReject,
  C2bPayment,
  C2bValidationAnswer,
  parseC2bPayment,
} from '../../../../providers/daraja/daraja-c2b';
import { PurchaseService } from '../../purchase.service';

/** The rejection code of a validation body we cannot read, by the field that is wrong (docs/PRODUCT-RULES.md R201). */
const REJECT_BY_FIELD: Record<string, Exclude<C2bValidationAnswer['ResultCode'], '0'>> = {
  BillRefNumber: C2B_RESULT.INVALID_ACCOUNT,
  TransAmount: C2B_RESULT.INVALID_AMOUNT,
  BusinessShortCode: C2B_RESULT.INVALID_SHORTCODE,
};

/**
 * Daraja C2B callbacks of the paybill rail (docs/PROVIDERS.md "Daraja C2B"), authenticated like
 * the STK callback by the secret last path segment (MPESA_CALLBACK_TOKEN; docs/PROVIDERS.md
 * §1.10); a wrong one answers 403. Validation is answered synchronously and moves no money;
 * confirmation is enqueued durably on `payments` (jobId `c2b-<TransID>`) and answered at once.
 */
@ApiExcludeController()
@Public()
@Controller('api/processor/c2b')
export class C2bCallbacksController {
  private readonly logger = new Logger(C2bCallbacksController.name);

  constructor(
    private readonly config: AppConfig,
    private readonly producer: JobProducer,
    private readonly purchases: PurchaseService,
  ) {}

  /**
   * Validation (docs/PRODUCT-RULES.md R201): always HTTP 200 with `{ResultCode, ResultDesc}`; an
   * unreadable body is refused with the code of its wrong field (C2B00016 otherwise).
   */
  @Post('validation/:token')
  @HttpCode(200)
  async validation(
    @Param('token') token: string,
    @Body() body: unknown,
  ): Promise<C2bValidationAnswer> {
    this.authenticate(token);
    let payment: C2bPayment;
    try {
      payment = parseC2bPayment(body);
    } catch (err) {
      if (!(err instanceof ProviderCallbackError)) throw err;
      return c2bReject(REJECT_BY_FIELD[err.field ?? ''] ?? C2B_RESULT.OTHER_ERROR);
    }
    return this.purchases.validateC2b(payment);
  }

  /**
   * Confirmation (docs/PRODUCT-RULES.md R202): enqueued, answered `{ResultCode: "0", ResultDesc:
   * "Success"}`; an unreadable body → 400 with the field's message (logged: money may be behind it).
   */
  @Post('confirmation/:token')
  @HttpCode(200)
  async confirmation(
    @Param('token') token: string,
    @Body() body: unknown,
  ): Promise<typeof C2B_CONFIRMATION_ACK> {
    this.authenticate(token);
    let payment: C2bPayment;
    try {
      payment = parseC2bPayment(body);
    } catch (err) {
      if (!(err instanceof ProviderCallbackError)) throw err;
      this.logger.error({ err: err.message }, 'unreadable C2B confirmation');
      throw new BadRequestException(err.message);
    }
    await this.producer.enqueueDurable(JOB.C2B_CONFIRMATION, body, jobId('c2b', payment.transId));
    return C2B_CONFIRMATION_ACK;
  }

  /** @throws ForbiddenException (403) unless `token` is MPESA_CALLBACK_TOKEN. */
  private authenticate(token: string): void {
    if (!sameSecret(token, this.config.mpesa.callbackToken)) throw new ForbiddenException();
  }
}
