import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger, NotFoundException } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '../errors/domain-error';

/** Paths answered by the API (JSON); any other GET path is a page of the single-page app. */
export const API_PATH = /^\/(api|v2|sandbox\/api|admin)(\/|$)/;

export interface SpaFallback {
  /** Sends the SPA's index.html for the page `request` asks for; returns false when there is no built frontend. */
  (reply: FastifyReply, request: FastifyRequest): boolean;
}

/**
 * The one error renderer (style.md §6). Every error leaves as JSON `{ message, ...extra }`:
 * DomainError → its table status; HttpException → its status and body without framework noise;
 * Fastify client errors (bad JSON, too large) → their 4xx; anything else → logged, 500.
 * An unknown GET page path falls back to the SPA's index.html so the frontend can show 'Page Not Found'.
 */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');
  constructor(private readonly spaFallback?: SpaFallback) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    if (host.getType() !== 'http') throw exception;
    const ctx = host.switchToHttp();
    const reply = ctx.getResponse<FastifyReply>();
    const request = ctx.getRequest<FastifyRequest>();
    const [status, body] = this.render(exception, request);

    if (
      exception instanceof NotFoundException && request.method === 'GET' && this.spaFallback &&
      !API_PATH.test(request.url) && this.spaFallback(reply, request)
    ) {
      return;
    }
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
      const text = Array.isArray(message) ? message.join('; ') : String(message ?? exception.message);
      return [status, { message: status === HttpStatus.NOT_FOUND && !rest.message && /^Cannot /.test(text) ? 'Not found' : text, ...rest }];
    }
    const fastifyStatus = (exception as { statusCode?: number })?.statusCode;
    if (typeof fastifyStatus === 'number' && fastifyStatus >= 400 && fastifyStatus < 500) {
      return [fastifyStatus, { message: (exception as Error).message }];
    }
    this.logger.error({ err: exception, reqId: request.id, url: request.url }, 'Unhandled error');
    return [HttpStatus.INTERNAL_SERVER_ERROR, { message: 'Internal server error' }];
  }
}
