import type { ArgumentsHost } from '@nestjs/common';
import { QueryFailedError } from 'typeorm';
import { AllExceptionsFilter } from './all-exceptions.filter';
import { INVALID_VALUE_MESSAGE, isDataException } from './database-errors';

const queryError = (code: string): QueryFailedError =>
  new QueryFailedError(
    'SELECT * FROM slip WHERE id = $1',
    [2147483648],
    Object.assign(new Error('value "2147483648" is out of range for type integer'), { code }),
  );

/** Runs the filter on `err` and returns what it sent. */
const render = (err: unknown): { status: number; body: unknown } => {
  const sent: { status: number; body: unknown } = { status: 0, body: undefined };
  const reply = {
    status: (s: number) => ((sent.status = s), reply),
    header: () => reply,
    send: (b: unknown) => ((sent.body = b), reply),
  };
  const host = {
    getType: () => 'http',
    switchToHttp: () => ({
      getResponse: () => reply,
      getRequest: () => ({ id: 'req-1', url: '/api/processor/buy', method: 'POST' }),
    }),
  } as unknown as ArgumentsHost;
  new AllExceptionsFilter().catch(err, host);
  return sent;
};

describe('a value PostgreSQL refuses', () => {
  it.each(['22003', '22P02', '22021', '22001', '22007', '22008'])(
    'SQLSTATE %s is a data exception: 400 without SQL',
    (code) => {
      expect(isDataException(queryError(code))).toBe(true);
      const { status, body } = render(queryError(code));
      expect(status).toBe(400);
      expect(body).toEqual({ message: INVALID_VALUE_MESSAGE });
    },
  );

  it.each(['23505', '42P01', '42703'])(
    'SQLSTATE %s stays a 500 that shows nothing of the query',
    (code) => {
      expect(isDataException(queryError(code))).toBe(false);
      const { status, body } = render(queryError(code));
      expect(status).toBe(500);
      expect(JSON.stringify(body)).not.toMatch(/SELECT|slip|integer/);
    },
  );

  it('is not any other error with a code', () => {
    expect(isDataException(Object.assign(new Error('x'), { code: '22003' }))).toBe(false);
  });
});
