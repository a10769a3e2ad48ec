import { Body, Controller, Get, HttpCode, Param, Post, Res } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiProperty, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Public } from '../../common/decorators/public.decorator';
import { ApiHtmlPage } from '../../common/openapi/api-shapes';
import { isObject } from '../common/provider-answer';
import { sendHtml } from '../common/reply';
import { phoneKey } from '../phone/domain/phone-key';
import { renderErrorPage } from '../phone/phone-page';
import { SandboxError, SandboxErrorCode } from '../sandbox.errors';
import { renderUssdDialPage, renderUssdScreenPage } from './ussd-phone-page';
import { UssdPhoneService } from './ussd-phone.service';

/** A form field as a string of at most `max` characters ('' when absent). */
const field = (body: unknown, name: string, max: number): string => {
  const v = isObject(body) ? body[name] : undefined;
  return typeof v === 'string' ? v.slice(0, max) : '';
};

/** The dial pad's form. */
class UssdDialFormDto {
  @ApiProperty({ example: '*384*123#' }) code: string;
}

/** One answer's form: the session and the answers before it. */
class UssdAnswerFormDto {
  @ApiProperty({ example: 'ATUid_0f3a…' }) sessionId: string;
  @ApiProperty({ example: '1', description: "The answers so far joined by '*'" }) text: string;
  @ApiProperty({ example: '2' }) answer: string;
}

/**
 * The sandbox USSD phone (docs/PROVIDERS.md "Africa's Talking USSD", simulator):
 * /sandbox/ussd/{msisdn} dials the service code and sends answers, each step through our real
 * callback with Africa's Talking's form body; forms only, no JavaScript.
 */
@ApiTags('sandbox')
@Public()
@Controller('sandbox/ussd')
export class UssdPhoneController {
  constructor(private readonly ussd: UssdPhoneService) {}

  @Get(':msisdn')
  @ApiHtmlPage('The sandbox USSD phone: dial the service code')
  dialPad(
    @Param('msisdn') msisdn: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): string {
    const key = this.kenyan(msisdn);
    if (!key)
      return sendHtml(
        reply,
        400,
        renderErrorPage(new SandboxError(SandboxErrorCode.INVALID_PHONE).message),
      );
    return sendHtml(reply, 200, renderUssdDialPage(key, this.ussd.serviceCode));
  }

  /** Dials `code`: the service code opens a session (first request, empty `text`). */
  @Post(':msisdn/dial')
  @HttpCode(200)
  @ApiConsumes('application/x-www-form-urlencoded')
  @ApiBody({ type: UssdDialFormDto })
  @ApiHtmlPage('The first screen of the session')
  async dial(
    @Param('msisdn') msisdn: string,
    @Body() body: unknown,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const key = this.kenyan(msisdn);
    if (!key)
      return sendHtml(
        reply,
        400,
        renderErrorPage(new SandboxError(SandboxErrorCode.INVALID_PHONE).message),
      );
    const code = field(body, 'code', 40).trim();
    if (code !== this.ussd.serviceCode) {
      return sendHtml(
        reply,
        200,
        renderUssdScreenPage(key, {
          sessionId: '',
          text: '',
          body: 'UNKNOWN APPLICATION',
          open: false,
        }),
      );
    }
    return sendHtml(
      reply,
      200,
      renderUssdScreenPage(key, await this.ussd.step(key, this.ussd.newSession(), '')),
    );
  }

  /** Sends one answer: `text` becomes the answers so far joined by `*`, as AT sends them. */
  @Post(':msisdn/answer')
  @HttpCode(200)
  @ApiConsumes('application/x-www-form-urlencoded')
  @ApiBody({ type: UssdAnswerFormDto })
  @ApiHtmlPage('The next screen of the session')
  async answer(
    @Param('msisdn') msisdn: string,
    @Body() body: unknown,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const key = this.kenyan(msisdn);
    const sessionId = field(body, 'sessionId', 100);
    if (!key || !sessionId)
      return sendHtml(
        reply,
        400,
        renderErrorPage(new SandboxError(SandboxErrorCode.INVALID_PHONE).message),
      );
    const before = field(body, 'text', 2000);
    const answer = field(body, 'answer', 200);
    const text = before === '' ? answer : `${before}*${answer}`;
    return sendHtml(
      reply,
      200,
      renderUssdScreenPage(key, await this.ussd.step(key, sessionId, text)),
    );
  }

  /** The MSISDN of a Kenyan phone (the menu serves Kenyan numbers only), else null. */
  private kenyan(msisdn: string): string | null {
    const key = phoneKey(msisdn);
    return key && /^254\d{9}$/.test(key) ? key : null;
  }
}
