import { BadRequestException } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parse as parseQueryString } from 'querystring';

/**
 * Deepest nesting of arrays/objects a JSON body may have. The spec's bodies are at most three
 * levels deep (a slip's `tips` array of objects); 32 leaves room for any client while keeping the
 * recursive class-transformer / class-validator walk far from the stack limit.
 */
export const MAX_JSON_DEPTH = 32;

/** Message of the 400 for a JSON body nested deeper than MAX_JSON_DEPTH. */
export const TOO_DEEP_MESSAGE = `Request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels)`;
/** Message of the 400 for a JSON body that is not UTF-8 (RFC 8259 §8.1). */
export const NOT_UTF8_MESSAGE = 'Request body is not valid UTF-8';
/** Per-field message of the 400 for a NUL character (PostgreSQL text cannot hold it). */
export const NUL_MESSAGE = 'must not contain the NUL character (\\u0000)';

const OPEN_BRACKET = 0x5b; // [
const CLOSE_BRACKET = 0x5d; // ]
const OPEN_BRACE = 0x7b; // {
const CLOSE_BRACE = 0x7d; // }
const QUOTE = 0x22; // "
const BACKSLASH = 0x5c; // \

/**
 * True when the JSON text nests arrays/objects more than `max` levels deep. One linear pass with
 * no recursion and no allocation: brackets inside strings (escapes included) are not counted.
 * Malformed text is not judged here (JSON.parse refuses it afterwards).
 */
export const jsonNestingExceeds = (text: string, max = MAX_JSON_DEPTH): boolean => {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (c === OPEN_BRACKET || c === OPEN_BRACE) {
      if (++depth > max) return true;
    } else if (c === CLOSE_BRACKET || c === CLOSE_BRACE) depth--;
  }
  return false;
};

/**
 * Path (`email`, `tips.0.game`, `filter`) of the first string — value or object key — holding a
 * NUL character in `value`, or undefined. Iterative, so any depth is safe; Buffers are skipped
 * (raw bytes of the S3 sandbox, never stored as text).
 */
export const findNul = (value: unknown, root = ''): string | undefined => {
  const stack: [unknown, string][] = [[value, root]];
  while (stack.length) {
    const [v, path] = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return path || 'body';
    } else if (v !== null && typeof v === 'object' && !Buffer.isBuffer(v)) {
      for (const [k, child] of Object.entries(v)) {
        const childPath = path ? `${path}.${k}` : k;
        if (k.includes('\u0000')) return path || 'body';
        stack.push([child, childPath]);
      }
    }
  }
  return undefined;
};

const badRequest = (message: string): Error & { statusCode: number } =>
  Object.assign(new Error(message), { statusCode: 400 });
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/**
 * Hostile-input defences for every route, in one place (docs/RELIABILITY.md, "Fuzz and abuse"):
 *
 * - `application/json` bodies: refused with 400 when not UTF-8 or nested deeper than
 *   MAX_JSON_DEPTH — checked by a linear scan BEFORE parsing, so `[`×20,000 never reaches the
 *   recursive validation pipe (it overflowed the stack: 500, and the stack unwinding slowed
 *   every other request). Then Fastify's own parser (secure-json-parse: `__proto__` and
 *   `constructor.prototype` keys refused with 400). The body limit is the server's (1 MB, 413).
 * - `application/x-www-form-urlencoded` bodies (Africa's Talking delivery reports): parsed as
 *   Nest's default parser does.
 * - A NUL character (`\u0000`, `%00`) in any path parameter, query value, body value or key:
 *   400 `{ message: 'Invalid <field>', <field>: ['must not contain …'] }` before guards and
 *   handlers run. PostgreSQL text cannot store NUL, so such input otherwise failed in the
 *   database with a 500.
 *
 * Call once on the new application, before `init()` (Nest's default parsers are then skipped;
 * the raw body of either type is kept as `request.rawBody` for webhook signatures).
 */
/**
 * Routes whose handler reads NUL characters itself instead of the 400 above: the USSD callback
 * answers any `text` with a screen (docs/PRODUCT-RULES.md R171) and stores none of it.
 */
export const NUL_TOLERANT_ROUTES: ReadonlySet<string> = new Set(['/api/ussd/africastalking']);

export const registerInputGuards = (app: NestFastifyApplication): void => {
  const fastify = app.getHttpAdapter().getInstance() as unknown as FastifyInstance;
  const { bodyLimit, onProtoPoisoning, onConstructorPoisoning } = fastify.initialConfig;
  const parseJson = fastify.getDefaultJsonParser(
    onProtoPoisoning ?? 'error',
    onConstructorPoisoning ?? 'error',
  );

  app.useBodyParser('application/json', { bodyLimit }, (req, body, done) => {
    let text: string;
    try {
      text = utf8.decode(body as Buffer);
    } catch {
      return done(badRequest(NOT_UTF8_MESSAGE), undefined);
    }
    if (jsonNestingExceeds(text)) return done(badRequest(TOO_DEEP_MESSAGE), undefined);
    // Fastify's default JSON parser answers through `done` and returns nothing; its type also
    // admits the promise-returning parser form, hence the `void`.
    void parseJson(req as FastifyRequest, text, done);
  });
  app.useBodyParser('application/x-www-form-urlencoded', { bodyLimit }, (_req, body, done) => {
    done(null, { ...parseQueryString((body as Buffer).toString('utf8')) });
  });

  fastify.addHook('preValidation', async (request: FastifyRequest) => {
    if (request.method === 'POST' && NUL_TOLERANT_ROUTES.has(request.routeOptions.url ?? ''))
      return;
    const field = findNul(request.params) ?? findNul(request.query) ?? findNul(request.body);
    if (field !== undefined)
      throw new BadRequestException({ message: `Invalid ${field}`, [field]: [NUL_MESSAGE] });
  });
};
