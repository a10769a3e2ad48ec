import { DomainError, ErrorSpec } from '../../common/errors/domain-error';

/** Error codes of the records module (docs/CONTRIBUTING.md §6). */
export enum RecordsErrorCode {
  USER_NOT_FOUND = 'USER_NOT_FOUND',
  BAD_STAKE = 'BAD_STAKE',
}

/** Code → HTTP status and message. */
export const RECORDS_ERRORS: Record<RecordsErrorCode, ErrorSpec> = {
  [RecordsErrorCode.USER_NOT_FOUND]: { status: 404, message: 'User not found' },
  [RecordsErrorCode.BAD_STAKE]: {
    status: 400,
    message: 'stake must be a whole number of Ksh from 1 to 1000000',
  },
};

/** The records module's error: `{ message }` with the status above. */
export class RecordsError extends DomainError<RecordsErrorCode> {
  constructor(code: RecordsErrorCode) {
    super(code, RECORDS_ERRORS[code]);
  }
}
