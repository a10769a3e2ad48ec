import { DomainError, ErrorSpec } from '../../common/errors/domain-error';

/** Error codes of the transparency log's routes. */
export enum TransparencyErrorCode {
  /** A query parameter that is not a whole number, out of the log's range, or a missing one. */
  BAD_QUERY = 'BAD_QUERY',
  /** No tree head yet, no head of that size, or a slip that is not (yet) in the log. */
  NOT_FOUND = 'NOT_FOUND',
}

const ERRORS: Record<TransparencyErrorCode, ErrorSpec> = {
  [TransparencyErrorCode.BAD_QUERY]: { status: 400, message: 'Bad log query' },
  [TransparencyErrorCode.NOT_FOUND]: { status: 404, message: 'Not in the log' },
};

/** The transparency module's error: `{ message }` with a message naming the parameter or what is missing. */
export class TransparencyError extends DomainError<TransparencyErrorCode> {
  constructor(code: TransparencyErrorCode, message: string) {
    super(code, { ...ERRORS[code], message });
  }
}

const COUNT = /^(0|[1-9]\d{0,15})$/;

/**
 * Query parameter `name` as a whole number 0 … 2^53 - 1; undefined when absent and not `required`.
 * @throws TransparencyError BAD_QUERY (400) naming the parameter.
 */
export function countParam(name: string, raw: unknown, required: true): number;
export function countParam(name: string, raw: unknown, required?: false): number | undefined;
export function countParam(name: string, raw: unknown, required = false): number | undefined {
  if (raw === undefined || raw === '') {
    if (required)
      throw new TransparencyError(TransparencyErrorCode.BAD_QUERY, `${name} is required`);
    return undefined;
  }
  if (typeof raw !== 'string' || !COUNT.test(raw) || !Number.isSafeInteger(Number(raw))) {
    throw new TransparencyError(
      TransparencyErrorCode.BAD_QUERY,
      `${name} must be a whole number, 0 or more`,
    );
  }
  return Number(raw);
}
