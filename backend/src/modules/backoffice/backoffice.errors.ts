import { DomainError, ErrorSpec } from '../../common/errors/domain-error';

/** Error codes of the back-office REST layer (docs/CONTRIBUTING.md §6). */
export enum BackofficeErrorCode {
  UNKNOWN_RESOURCE = 'UNKNOWN_RESOURCE',
  BAD_LIST_PARAM = 'BAD_LIST_PARAM',
  BAD_ID = 'BAD_ID',
  BAD_BODY = 'BAD_BODY',
  RECORD_NOT_FOUND = 'RECORD_NOT_FOUND',
  OPERATION_NOT_ALLOWED = 'OPERATION_NOT_ALLOWED',
}

/** Code → HTTP status and default message (a detail, when given, replaces the message). */
export const BACKOFFICE_ERRORS: Record<BackofficeErrorCode, ErrorSpec> = {
  [BackofficeErrorCode.UNKNOWN_RESOURCE]: { status: 404, message: 'Unknown back-office resource' },
  [BackofficeErrorCode.BAD_LIST_PARAM]: { status: 400, message: 'Invalid list parameters' },
  [BackofficeErrorCode.BAD_ID]: { status: 400, message: 'Invalid id' },
  [BackofficeErrorCode.BAD_BODY]: { status: 400, message: 'The body must be a JSON object' },
  [BackofficeErrorCode.RECORD_NOT_FOUND]: { status: 404, message: 'Not found' },
  [BackofficeErrorCode.OPERATION_NOT_ALLOWED]: {
    status: 405,
    message: 'This operation is not allowed on this resource',
  },
};

/** The back office's error; `detail` is the user-facing message naming the field or resource. */
export class BackofficeError extends DomainError<BackofficeErrorCode> {
  constructor(code: BackofficeErrorCode, detail?: string) {
    const spec = BACKOFFICE_ERRORS[code];
    super(code, { status: spec.status, message: detail ?? spec.message });
  }
}
