import { isServiceUnavailableError } from './unavailable';

const withCode = (code: string, message = 'x'): Error =>
  Object.assign(new Error(message), { code });

describe('isServiceUnavailableError', () => {
  it.each([
    ['connection refused', withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')],
    ['connection reset', withCode('ECONNRESET')],
    [
      'admin shutdown 57P01',
      withCode('57P01', 'terminating connection due to administrator command'),
    ],
    ['cannot connect now 57P03', withCode('57P03', 'the database system is starting up')],
    ['too many connections', withCode('53300')],
    ['connection exception class 08', withCode('08006')],
    ['pool timeout', new Error('timeout exceeded when trying to connect')],
    ['connection lost', new Error('Connection terminated unexpectedly')],
    [
      'TypeORM QueryFailedError wrapping 57P01',
      Object.assign(new Error('terminating connection'), { driverError: withCode('57P01') }),
    ],
    [
      'Node 20 AggregateError of both addresses',
      Object.assign(
        new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')], ''),
        {},
      ),
    ],
    [
      'fetch failed with a cause',
      Object.assign(new TypeError('fetch failed'), { cause: withCode('ECONNREFUSED') }),
    ],
  ])('recognises %s', (_name, err) => {
    expect(isServiceUnavailableError(err)).toBe(true);
  });

  it.each([
    ['a unique violation', withCode('23505', 'duplicate key value violates unique constraint')],
    ['a protocol violation 08P01', withCode('08P01')],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['not an error', 'ECONNREFUSED'],
    ['null', null],
  ])('does not take %s for an outage', (_name, err) => {
    expect(isServiceUnavailableError(err)).toBe(false);
  });

  it('stops on a cycle of causes', () => {
    const a: Error & { cause?: unknown } = new Error('a');
    a.cause = a;
    expect(isServiceUnavailableError(a)).toBe(false);
  });
});
