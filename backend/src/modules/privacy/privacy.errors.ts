import { defineErrors, DomainError } from '../../common/errors/domain-error';

export enum PrivacyErrorCode {
  /** Closing refused while money is owed or pending (docs/PRODUCT-RULES.md R262). */
  CLOSE_BLOCKED = 'CLOSE_BLOCKED',
}

/**
 * Errors of the data-rights routes (docs/PRODUCT-RULES.md R260-R266). A wrong password or
 * missing proof answers with account's errors, a wrong phone or code with the one-time code's.
 */
export const PRIVACY_ERRORS = defineErrors<PrivacyErrorCode>({
  [PrivacyErrorCode.CLOSE_BLOCKED]: {
    status: 409,
    message:
      'Withdraw your balance and wait until your slips are settled before closing your account',
  },
});

export class PrivacyError extends DomainError<PrivacyErrorCode> {
  constructor(code: PrivacyErrorCode, extra: Record<string, unknown> = {}) {
    super(code, PRIVACY_ERRORS[code], extra);
  }
}
