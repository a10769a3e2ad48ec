import { Body, Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOkResponse, ApiResponse, ApiTags } from '@nestjs/swagger';
import { ApiHtmlPage } from '../../common/openapi/api-shapes';
import { PhoneViewDto, PromptAnswerDto, PromptAnswerResultDto } from '../admin/sandbox-api.dto';
import type { FastifyReply } from 'fastify';
import { Public } from '../../common/decorators/public.decorator';
import { isObject } from '../common/provider-answer';
import { sendHtml } from '../common/reply';
import { PromptAction, PromptAnswer } from '../daraja/daraja-sandbox.service';
import { SandboxError, SandboxErrorCode } from '../sandbox.errors';
import { PHONE_NOTICES, PhoneView, renderErrorPage, renderPhonePage } from './phone-page';
import { PhoneService } from './phone.service';
import { PhoneReplyDto, PhoneReplyService } from './phone-reply.service';
import { renderIndexPage } from './sandbox-index.page';

const ACTIONS: readonly PromptAction[] = ['accept', 'decline', 'wrong-pin'];

const toAction = (action: string): PromptAction => {
  if (!ACTIONS.includes(action as PromptAction)) throw new SandboxError(SandboxErrorCode.NOT_FOUND);
  return action as PromptAction;
};

/**
 * The sandbox phone (docs/ARCHITECTURE.md "Providers and sandboxes"): /sandbox (index), /sandbox/phone/{msisdn} (page with STK prompts
 * and the SMS inbox, form posts for Accept / Decline) and its JSON API under /sandbox/api/phones.
 */
@ApiTags('sandbox')
@Public()
@Controller('sandbox')
export class PhoneController {
  constructor(
    private readonly phones: PhoneService,
    private readonly replies: PhoneReplyService,
  ) {}

  /** Index: recent phones, Flutterwave checkouts, STK pushes and B2C payouts. */
  @Get()
  @ApiHtmlPage('Index: recent phones, checkouts, STK pushes and B2C payouts')
  async index(@Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    return sendHtml(reply, 200, renderIndexPage(await this.phones.overview()));
  }

  /** `/sandbox/phone?msisdn=…` (the index form without JavaScript) → the phone page. */
  @Get('phone')
  @ApiResponse({ status: 303, description: 'To /sandbox/phone/{msisdn}' })
  @ApiResponse({ status: 400, description: 'Not a phone number (HTML page)' })
  openPhone(
    @Query('msisdn') msisdn: unknown,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): string {
    const key = typeof msisdn === 'string' ? this.keyOrNull(msisdn) : null;
    if (!key)
      return sendHtml(
        reply,
        400,
        renderErrorPage(new SandboxError(SandboxErrorCode.INVALID_PHONE).message),
      );
    void reply.status(303).header('location', `/sandbox/phone/${key}`);
    return '';
  }

  /** The phone page (HTML, refreshes itself every 2 s). */
  @Get('phone/:msisdn')
  @ApiHtmlPage('The phone page: prompts and SMS inbox')
  async phonePage(
    @Param('msisdn') msisdn: string,
    @Query('done') done: unknown,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    try {
      const notice = typeof done === 'string' ? PHONE_NOTICES[done] : undefined;
      return sendHtml(reply, 200, renderPhonePage(await this.phones.view(msisdn), { notice }));
    } catch (err) {
      if (err instanceof SandboxError)
        return sendHtml(reply, err.status, renderErrorPage(err.message));
      throw err;
    }
  }

  /** The page's forms: Accept (with PIN), Decline, wrong PIN → 303 back to the page. */
  @Post('phone/:msisdn/prompts/:checkoutRequestId/:action')
  @ApiConsumes('application/x-www-form-urlencoded')
  @ApiBody({ type: PromptAnswerDto })
  @ApiResponse({ status: 303, description: 'Back to the phone page' })
  async answerFromPage(
    @Param('msisdn') msisdn: string,
    @Param('checkoutRequestId') checkoutRequestId: string,
    @Param('action') action: string,
    @Body() body: unknown,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    let view: PhoneView | undefined;
    try {
      const result = await this.phones.answer(
        msisdn,
        checkoutRequestId,
        toAction(action),
        isObject(body) ? body.pin : undefined,
      );
      void reply
        .status(303)
        .header('location', `/sandbox/phone/${this.phones.key(msisdn)}?done=${result.status}`);
      return '';
    } catch (err) {
      if (!(err instanceof SandboxError)) throw err;
      view = await this.phones.view(msisdn).catch(() => undefined);
      return sendHtml(
        reply,
        err.status,
        view ? renderPhonePage(view, { error: err.message }) : renderErrorPage(err.message),
      );
    }
  }

  /**
   * The page's reply form: the phone texts the platform (`text`, e.g. STOP) through the
   * incoming-SMS callback (docs/PRODUCT-RULES.md R233) → 303 back to the page.
   */
  @Post('phone/:msisdn/reply')
  @ApiConsumes('application/x-www-form-urlencoded')
  @ApiBody({ type: PhoneReplyDto })
  @ApiResponse({ status: 303, description: 'Back to the phone page' })
  async replyFromPage(
    @Param('msisdn') msisdn: string,
    @Body() body: unknown,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    try {
      const result = await this.replies.reply(msisdn, isObject(body) ? body.text : undefined);
      void reply
        .status(303)
        .header(
          'location',
          `/sandbox/phone/${this.phones.key(msisdn)}?done=${result.status === 'opted-out' ? 'opted_out' : 'replied'}`,
        );
      return '';
    } catch (err) {
      if (err instanceof SandboxError)
        return sendHtml(reply, err.status, renderErrorPage(err.message));
      throw err;
    }
  }

  /** `{prompts: [...], messages: [{from, body, at}]}`, newest first. */
  @Get('api/phones/:msisdn')
  @ApiOkResponse({ type: PhoneViewDto })
  phone(@Param('msisdn') msisdn: string): Promise<PhoneView> {
    return this.phones.view(msisdn);
  }

  /**
   * JSON: `{pin}` (accept only), optional `callback: false` to drop the callback (reconciliation
   * tests) → `{checkoutRequestId, status, resultCode, resultDesc, receipt?}`.
   */
  @Post('api/phones/:msisdn/prompts/:checkoutRequestId/:action')
  @HttpCode(200)
  @ApiBody({ type: PromptAnswerDto, required: false })
  @ApiOkResponse({ type: PromptAnswerResultDto })
  answer(
    @Param('msisdn') msisdn: string,
    @Param('checkoutRequestId') checkoutRequestId: string,
    @Param('action') action: string,
    @Body() body: unknown,
  ): Promise<PromptAnswer> {
    const input = isObject(body) ? body : {};
    return this.phones.answer(
      msisdn,
      checkoutRequestId,
      toAction(action),
      input.pin,
      input.callback !== false,
    );
  }

  private keyOrNull(msisdn: string): string | null {
    try {
      return this.phones.key(msisdn);
    } catch {
      return null;
    }
  }
}
