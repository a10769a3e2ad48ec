import { DomainError, ErrorSpec } from '../../common/errors/domain-error';

/** Error codes of the account module (docs/CONTRIBUTING.md §6). */
export enum AccountErrorCode {
  /** Registration rules failed after the DTO checks (username or e-mail taken); extra carries field lists. */
  REGISTRATION_INVALID = 'REGISTRATION_INVALID',
  INVALID_CREDENTIALS = 'INVALID_CREDENTIALS',
  ACCOUNT_BANNED = 'ACCOUNT_BANNED',
  REFRESH_INVALID = 'REFRESH_INVALID',
  REFRESH_MISSING = 'REFRESH_MISSING',
  USER_NOT_FOUND = 'USER_NOT_FOUND',
  WRONG_PASSWORD = 'WRONG_PASSWORD',
  RESET_TOKEN_INVALID = 'RESET_TOKEN_INVALID',
  VERIFICATION_CODE_INVALID = 'VERIFICATION_CODE_INVALID',
  EMAIL_ALREADY_VERIFIED = 'EMAIL_ALREADY_VERIFIED',
  AVATAR_MISSING = 'AVATAR_MISSING',
  AVATAR_TOO_LARGE = 'AVATAR_TOO_LARGE',
  AVATAR_NOT_IMAGE = 'AVATAR_NOT_IMAGE',
  MEDIA_NOT_FOUND = 'MEDIA_NOT_FOUND',
  /** The avatar store (disk or S3 bucket) failed; nothing was changed. */
  STORAGE_UNAVAILABLE = 'STORAGE_UNAVAILABLE',
  CANNOT_BAN_ADMIN = 'CANNOT_BAN_ADMIN',
  /** An admin may not change their own role or ban themselves (back office `users`). */
  CANNOT_CHANGE_SELF = 'CANNOT_CHANGE_SELF',
  /** Data rights (docs/PRODUCT-RULES.md R261): the password given to prove the caller is wrong. */
  REAUTH_WRONG_PASSWORD = 'REAUTH_WRONG_PASSWORD',
  /** Data rights (docs/PRODUCT-RULES.md R261): no live password proof (missing, forged, expired or another user's). */
  REAUTH_REQUIRED = 'REAUTH_REQUIRED',
  /** Closing an account (docs/PRODUCT-RULES.md R262): the confirmation field is not CLOSE_ACCOUNT_CONFIRMATION. */
  CLOSE_NOT_CONFIRMED = 'CLOSE_NOT_CONFIRMED',
}

/** An error's HTTP answer; `field` also puts the message under that field (`{ old_password: ['Wrong password'] }`). */
interface AccountErrorSpec extends ErrorSpec {
  field?: string;
}

/**
 * Code → status and message (docs/PRODUCT-RULES.md "Accounts", R69: the screens show these server
 * messages).
 */
export const ACCOUNT_ERRORS: Record<AccountErrorCode, AccountErrorSpec> = {
  [AccountErrorCode.REGISTRATION_INVALID]: { status: 400, message: 'Registration failed' },
  [AccountErrorCode.INVALID_CREDENTIALS]: { status: 401, message: 'Invalid email or password' },
  [AccountErrorCode.ACCOUNT_BANNED]: { status: 403, message: 'This account has been suspended' },
  [AccountErrorCode.REFRESH_INVALID]: { status: 401, message: 'Token is invalid or expired' },
  [AccountErrorCode.REFRESH_MISSING]: {
    status: 400,
    message: 'This field is required.',
    field: 'refresh',
  },
  [AccountErrorCode.USER_NOT_FOUND]: { status: 404, message: 'User not found' },
  [AccountErrorCode.WRONG_PASSWORD]: {
    status: 400,
    message: 'Wrong password',
    field: 'old_password',
  },
  [AccountErrorCode.RESET_TOKEN_INVALID]: { status: 400, message: 'Invalid token', field: 'token' },
  [AccountErrorCode.VERIFICATION_CODE_INVALID]: {
    status: 400,
    message: 'Invalid or expired verification code',
  },
  [AccountErrorCode.EMAIL_ALREADY_VERIFIED]: {
    status: 400,
    message: 'Your email is already verified',
  },
  [AccountErrorCode.AVATAR_MISSING]: {
    status: 400,
    message: "Upload an image in the field 'profile_image'",
  },
  [AccountErrorCode.AVATAR_TOO_LARGE]: { status: 400, message: 'Image must be at most 2 MB' },
  [AccountErrorCode.AVATAR_NOT_IMAGE]: {
    status: 400,
    message: 'Upload a valid image (JPEG, PNG, WebP or GIF)',
  },
  [AccountErrorCode.MEDIA_NOT_FOUND]: { status: 404, message: 'Not found' },
  [AccountErrorCode.STORAGE_UNAVAILABLE]: {
    status: 503,
    message: 'Image storage is unavailable. Try again later.',
  },
  [AccountErrorCode.CANNOT_BAN_ADMIN]: {
    status: 400,
    message: 'An administrator cannot be banned',
  },
  [AccountErrorCode.CANNOT_CHANGE_SELF]: {
    status: 400,
    message: 'You cannot change your own role or ban yourself',
  },
  [AccountErrorCode.REAUTH_WRONG_PASSWORD]: {
    status: 400,
    message: 'Wrong password',
    field: 'password',
  },
  [AccountErrorCode.REAUTH_REQUIRED]: {
    status: 403,
    message: 'Enter your password again (the proof lasts 5 minutes)',
  },
  [AccountErrorCode.CLOSE_NOT_CONFIRMED]: {
    status: 400,
    message: "Type 'DELETE' to confirm",
    field: 'confirmation',
  },
};

/**
 * The account module's error: rendered by the global filter as `{ message, ...extra }` with the
 * table's status. `fields` adds field error lists (`{ username: ['...'] }`) for the forms.
 */
export class AccountError extends DomainError<AccountErrorCode> {
  constructor(code: AccountErrorCode, fields: Record<string, string[]> = {}) {
    const spec = ACCOUNT_ERRORS[code];
    super(
      code,
      { status: spec.status, message: spec.message },
      {
        ...(spec.field ? { [spec.field]: [spec.message] } : {}),
        ...fields,
      },
    );
  }
}
