import { Body, Controller, Headers, Post, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Public } from '../../common/decorators/public.decorator';
import { sendAnswer } from '../common/reply';
import { AfricasTalkingSandboxService } from './africastalking-sandbox.service';

/**
 * Africa's Talking SMS simulator under /sandbox/africastalking: the bulk SMS path of
 * https://api.africastalking.com (docs/PROVIDERS.md §3.6). Form-encoded body, `apiKey` header.
 */
@ApiExcludeController()
@Public()
@Controller('sandbox/africastalking')
export class AfricasTalkingSandboxController {
  constructor(private readonly africasTalking: AfricasTalkingSandboxService) {}

  @Post('version1/messaging')
  async send(
    @Headers('apikey') apiKey: string | undefined,
    @Body() body: unknown,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<unknown> {
    return sendAnswer(reply, await this.africasTalking.send(apiKey, body));
  }
}
