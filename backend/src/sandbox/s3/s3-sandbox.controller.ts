import { Controller, Delete, Get, Put, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Public } from '../../common/decorators/public.decorator';
import { S3_SANDBOX_MAX_OBJECT_BYTES, S3Answer, S3SandboxService } from './s3-sandbox.service';

/** Content types the sandbox takes as raw object bytes (registered by registerS3SandboxBodies). */
export const S3_OBJECT_CONTENT_TYPES = [
  'image/webp',
  'image/png',
  'image/jpeg',
  'application/octet-stream',
  'binary/octet-stream',
];

/**
 * Lets Fastify hand object bodies to the S3 sandbox as Buffers (it refuses unknown content types
 * with 415 otherwise). Elsewhere such a body is not an object, so the validation pipe answers 400.
 */
export const registerS3SandboxBodies = (fastify: FastifyInstance): void => {
  fastify.addContentTypeParser(
    S3_OBJECT_CONTENT_TYPES,
    { parseAs: 'buffer', bodyLimit: S3_SANDBOX_MAX_OBJECT_BYTES },
    (_req, body, done) => done(null, body),
  );
};

type ObjectRequest = FastifyRequest<{ Params: { bucket: string; '*': string } }>;

const send = (reply: FastifyReply, answer: S3Answer): FastifyReply => {
  void reply.status(answer.status).headers(answer.headers);
  return answer.body === undefined ? reply.send() : reply.send(answer.body);
};

/**
 * S3 REST simulator under /sandbox/s3 (path style: /sandbox/s3/{bucket}/{key}), enough for
 * S3AvatarStore with S3_ENDPOINT empty: PutObject, GetObject, DeleteObject (Fastify answers HEAD
 * from the GET route, which makes HeadObject work too).
 */
@ApiExcludeController()
@Public()
@Controller('sandbox/s3')
export class S3SandboxController {
  constructor(private readonly s3: S3SandboxService) {}

  @Put(':bucket/*')
  async put(@Req() req: ObjectRequest, @Res() reply: FastifyReply): Promise<void> {
    const h = req.headers;
    send(
      reply,
      await this.s3.put(
        h.authorization,
        req.params.bucket,
        req.params['*'],
        req.body,
        h['content-type'],
        h['cache-control'] as string | undefined,
      ),
    );
  }

  @Get(':bucket/*')
  async get(@Req() req: ObjectRequest, @Res() reply: FastifyReply): Promise<void> {
    send(
      reply,
      await this.s3.get(req.headers.authorization, req.params.bucket, req.params['*'], true),
    );
  }

  @Delete(':bucket/*')
  async remove(@Req() req: ObjectRequest, @Res() reply: FastifyReply): Promise<void> {
    send(
      reply,
      await this.s3.remove(req.headers.authorization, req.params.bucket, req.params['*']),
    );
  }
}
