import {
  ArgumentsHost,
  Catch,
  ExceptionFilter,
  HttpException,
  HttpStatus,
  Logger,
  NotFoundException,
} from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '../errors/domain-error';
import { isServiceUnavailableError } from '../errors/unavailable';
import { INVALID_VALUE_MESSAGE, isDataException } from './database-errors';

/** Paths answered by the API (JSON); any other GET path is a page of the single-page app. */
export const API_PATH = /^\/(api|v2|sandbox\/api|admin)(\/|$)/;

/** Seconds a client is told to wait (Retry-After) when the database cannot be reached. */
export const UNAVAILABLE_RETRY_AFTER_S = 10;
/** Message of the 503 answered while the database cannot be reached. */
export const UNAVAILABLE_MESSAGE =
  'The service is briefly unavailable. Please try again in a few seconds.';

export interface SpaFallback {
  /** Sends the SPA's index.html for the page `request` asks for; returns false when there is no built frontend. */
  (reply: FastifyReply, request: FastifyRequest): boolean;
}

/**
 * The one error renderer (docs/CONTRIBUTING.md). Every error leaves as JSON `{ message, ...extra }`:
 * DomainError → its table status (a RateLimitedError also sets Retry-After); HttpException → its
 * status and body without framework noise; Fastify client errors (bad JSON, too large) → their
 * 4xx; the database (or Redis) unreachable — connection refused or reset, pool timeout,
 * "terminating connection", SQLSTATE 57P01 … — → 503 with Retry-After (UNAVAILABLE_RETRY_AFTER_S);
 * a value PostgreSQL refused (SQLSTATE class 22, database-errors.ts) → 400; anything else → logged, 500.
 * An unknown GET page path falls back to the SPA's index.html so the frontend can show 'Page Not Found'.
 */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');
  private lastUnavailableLogAt = 0;
  private unavailableSinceLog = 0;
  constructor(private readonly spaFallback?: SpaFallback) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    if (host.getType() !== 'http') throw exception;
    const ctx = host.switchToHttp();
    const reply = ctx.getResponse<FastifyReply>();
    const request = ctx.getRequest<FastifyRequest>();
    const [status, body] = this.render(exception, request);

    if (
      exception instanceof NotFoundException &&
      request.method === 'GET' &&
      this.spaFallback &&
      !API_PATH.test(request.url) &&
      this.spaFallback(reply, request)
    ) {
      return;
    }
    const retryAfter =
      status === HttpStatus.SERVICE_UNAVAILABLE
        ? UNAVAILABLE_RETRY_AFTER_S
        : (exception as { retryAfterSeconds?: unknown })?.retryAfterSeconds;
    if (typeof retryAfter === 'number' && status >= 429)
      void reply.header('retry-after', String(retryAfter));
    void reply.status(status).header('content-type', 'application/json; charset=utf-8').send(body);
  }

  private render(exception: unknown, request: FastifyRequest): [number, Record<string, unknown>] {
    if (exception instanceof DomainError) {
      return [exception.status, { message: exception.message, ...exception.extra }];
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const response = exception.getResponse();
      if (typeof response === 'string') return [status, { message: response }];
      const { statusCode: _s, error: _e, message, ...rest } = response as Record<string, unknown>;
      const text = Array.isArray(message)
        ? message.join('; ')
        : String(message ?? exception.message);
      return [
        status,
        {
          message:
            status === HttpStatus.NOT_FOUND && !rest.message && /^Cannot /.test(text)
              ? 'Not found'
              : text,
          ...rest,
        },
      ];
    }
    const fastifyStatus = (exception as { statusCode?: number })?.statusCode;
    if (typeof fastifyStatus === 'number' && fastifyStatus >= 400 && fastifyStatus < 500) {
      return [fastifyStatus, { message: (exception as Error).message }];
    }
    if (isServiceUnavailableError(exception)) {
      this.logUnavailable(exception, request);
      return [HttpStatus.SERVICE_UNAVAILABLE, { message: UNAVAILABLE_MESSAGE }];
    }
    if (isDataException(exception)) {
      this.logger.warn(
        {
          code: (exception.driverError as { code?: string }).code,
          reqId: request.id,
          url: request.url,
        },
        'Request value refused by PostgreSQL',
      );
      return [HttpStatus.BAD_REQUEST, { message: INVALID_VALUE_MESSAGE }];
    }
    this.logger.error({ err: exception, reqId: request.id, url: request.url }, 'Unhandled error');
    return [HttpStatus.INTERNAL_SERVER_ERROR, { message: 'Internal server error' }];
  }

  /** One warning per 10 s while a backing service is down (not one per request), with the count. */
  private logUnavailable(exception: unknown, request: FastifyRequest): void {
    this.unavailableSinceLog++;
    if (Date.now() - this.lastUnavailableLogAt < 10_000) return;
    this.logger.warn(
      {
        err: exception instanceof Error ? exception.message : String(exception),
        url: request.url,
        requests: this.unavailableSinceLog,
      },
      'backing service unavailable; answering 503',
    );
    this.lastUnavailableLogAt = Date.now();
    this.unavailableSinceLog = 0;
  }
}
