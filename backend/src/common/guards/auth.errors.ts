import { DomainError, defineErrors } from '../errors/domain-error';

/** Errors of the authentication and authorisation guards (docs/CONTRIBUTING.md §6: code enum + status/message table). */
export enum AuthErrorCode {
  NOT_AUTHENTICATED = 'NOT_AUTHENTICATED',
  TOKEN_INVALID = 'TOKEN_INVALID',
  FORBIDDEN = 'FORBIDDEN',
}

export const AUTH_ERRORS = defineErrors<AuthErrorCode>({
  [AuthErrorCode.NOT_AUTHENTICATED]: {
    status: 401,
    message: 'Authentication credentials were not provided',
  },
  [AuthErrorCode.TOKEN_INVALID]: { status: 401, message: 'Token is invalid or expired' },
  [AuthErrorCode.FORBIDDEN]: {
    status: 403,
    message: 'You do not have permission to perform this action',
  },
});

/** Thrown by JwtAuthGuard, RolesGuard and @CurrentUser(); rendered by the global filter. */
export class AuthError extends DomainError<AuthErrorCode> {
  constructor(code: AuthErrorCode) {
    super(code, AUTH_ERRORS[code]);
  }
}
