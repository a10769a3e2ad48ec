import { Controller, Get, Header, Post, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Public } from '../../common/decorators/public.decorator';
import { TIMESTAMP_QUERY, TIMESTAMP_REPLY } from '../../providers/tsa/rfc3161';
import { SANDBOX_TSA_CERT_PEM } from './tsa-sandbox.key';
import { TsaSandboxService } from './tsa-sandbox.service';

/** Largest time-stamp query the sandbox reads (bytes); a real one is about 60. */
const MAX_QUERY_BYTES = 4096;

/** Lets Fastify hand `application/timestamp-query` bodies to the TSA sandbox as Buffers. */
export const registerTsaSandboxBodies = (fastify: FastifyInstance): void => {
  fastify.addContentTypeParser(
    TIMESTAMP_QUERY,
    { parseAs: 'buffer', bodyLimit: MAX_QUERY_BYTES },
    (_req, body, done) => done(null, body),
  );
};

/**
 * RFC 3161 time-stamping authority under /sandbox/tsa, the HTTP contract of a real TSA such as
 * Sigstore's (docs/PROVIDERS.md "Time-stamping authority"): POST a DER TimeStampReq as
 * `application/timestamp-query`, get a DER TimeStampResp as `application/timestamp-reply`.
 * Another content type is 415; a malformed query is a reply with status rejection.
 */
@ApiExcludeController()
@Public()
@Controller('sandbox/tsa')
export class TsaSandboxController {
  constructor(private readonly tsa: TsaSandboxService) {}

  @Post()
  async timestamp(@Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const type = String(req.headers['content-type'] ?? '')
      .split(';')[0]
      .trim()
      .toLowerCase();
    if (type !== TIMESTAMP_QUERY || !Buffer.isBuffer(req.body)) {
      void reply
        .status(415)
        .type('text/plain')
        .send(`send a DER TimeStampReq as ${TIMESTAMP_QUERY}`);
      return;
    }
    void reply
      .status(200)
      .type(TIMESTAMP_REPLY)
      .send(await this.tsa.reply(req.body));
  }

  /** The sandbox TSA's certificate (PEM), to pin: `npm run log:verify -- URL --tsa-cert FILE`. */
  @Get('certificate')
  @Header('Content-Type', 'application/x-pem-file')
  certificate(): string {
    return SANDBOX_TSA_CERT_PEM;
  }
}
