import { Body, Controller, Headers, HttpCode, Param, Post, Res } from '@nestjs/common';
import {
  ApiBody,
  ApiConsumes,
  ApiExcludeEndpoint,
  ApiOkResponse,
  ApiProperty,
  ApiPropertyOptional,
  ApiResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Public } from '../../../common/decorators/public.decorator';
import { isObject } from '../../common/provider-answer';
import { sendAnswer, sendHtml } from '../../common/reply';
import { renderErrorPage, renderPhonePage } from '../../phone/phone-page';
import { PhoneService } from '../../phone/phone.service';
import { SandboxError, SandboxErrorCode } from '../../sandbox.errors';
import { C2bSandboxService, PayBillResult } from './c2b-sandbox.service';

/** The sandbox phone's "Pay bill" form (docs/PROVIDERS.md "Daraja C2B"). */
export class PayBillDto {
  @ApiProperty({ example: '600984', description: 'Business number' }) business: string;
  @ApiProperty({ example: 'ACD3FG7K', description: 'Account number' }) account: string;
  @ApiProperty({ example: '50', description: 'Whole Ksh' }) amount: string;
  @ApiPropertyOptional({ example: '1234', description: 'Any 4 digits' }) pin: string;
}

/** What the sandbox's Pay bill did. */
export class PayBillResultDto {
  @ApiProperty({ enum: ['paid', 'refused'] }) status: string;
  @ApiProperty({ example: 'RKTQDM7W6S' }) transId: string;
  @ApiProperty({ example: '0', description: "The validation answer's ResultCode" })
  resultCode: string;
  @ApiProperty({ example: 'Accepted' }) resultDesc: string;
}

/**
 * Daraja C2B in the sandbox: `POST /sandbox/daraja/mpesa/c2b/{v1|v2}/registerurl` (Daraja's own
 * path and answers) and the phone's Pay bill: the page's form (303 back to the phone page) and
 * `POST /sandbox/api/phones/{msisdn}/paybill` (JSON, for tests).
 */
@ApiTags('sandbox')
@Public()
@Controller('sandbox')
export class C2bSandboxController {
  constructor(
    private readonly c2b: C2bSandboxService,
    private readonly phones: PhoneService,
  ) {}

  @Post('daraja/mpesa/c2b/:version/registerurl')
  @ApiExcludeEndpoint()
  async registerUrl(
    @Param('version') version: string,
    @Headers('authorization') authorization: string | undefined,
    @Body() body: unknown,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<unknown> {
    if (version !== 'v1' && version !== 'v2') throw new SandboxError(SandboxErrorCode.NOT_FOUND);
    return sendAnswer(reply, await this.c2b.registerUrl(authorization, body, version));
  }

  /** The phone page's Pay bill form → 303 back to the page (`?done=paybill_paid` or `paybill_refused`). */
  @Post('phone/:msisdn/paybill')
  @ApiConsumes('application/x-www-form-urlencoded')
  @ApiBody({ type: PayBillDto })
  @ApiResponse({ status: 303, description: 'Back to the phone page' })
  async payFromPage(
    @Param('msisdn') msisdn: string,
    @Body() body: unknown,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    try {
      const result = await this.pay(msisdn, body);
      void reply
        .status(303)
        .header(
          'location',
          `/sandbox/phone/${this.phones.key(msisdn)}?done=paybill_${result.status}`,
        );
      return '';
    } catch (err) {
      if (!(err instanceof SandboxError)) throw err;
      const view = await this.phones.view(msisdn).catch(() => undefined);
      return sendHtml(
        reply,
        err.status,
        view ? renderPhonePage(view, { error: err.message }) : renderErrorPage(err.message),
      );
    }
  }

  /** JSON: `{business, account, amount, pin}` → `{status, transId, resultCode, resultDesc}`. */
  @Post('api/phones/:msisdn/paybill')
  @HttpCode(200)
  @ApiBody({ type: PayBillDto })
  @ApiOkResponse({ type: PayBillResultDto })
  payBill(@Param('msisdn') msisdn: string, @Body() body: unknown): Promise<PayBillResult> {
    return this.pay(msisdn, body);
  }

  private pay(msisdn: string, body: unknown): Promise<PayBillResult> {
    const input = isObject(body) ? body : {};
    return this.c2b.payBill(this.phones.key(msisdn), input);
  }
}
