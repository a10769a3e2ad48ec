import { defineErrors, DomainError } from '../../common/errors/domain-error';
import { INVALID_PHONE_MESSAGE_LOWER } from '../../common/msisdn/msisdn';

export enum FinanceErrorCode {
  INVALID_PHONE = 'INVALID_PHONE',
  BALANCE_TOO_LOW = 'BALANCE_TOO_LOW',
  BAD_PAGE = 'BAD_PAGE',
  INVALID_PAGE = 'INVALID_PAGE',
  WITHDRAWAL_NOT_FOUND = 'WITHDRAWAL_NOT_FOUND',
  WITHDRAWAL_DECIDED = 'WITHDRAWAL_DECIDED',
}

/**
 * Messages (docs/PRODUCT-RULES.md R136, R32, R70): withdrawal phone, balance under Ksh 500, paged
 * list failure.
 */
export const FINANCE_ERRORS = defineErrors<FinanceErrorCode>({
  [FinanceErrorCode.INVALID_PHONE]: { status: 400, message: INVALID_PHONE_MESSAGE_LOWER },
  [FinanceErrorCode.BALANCE_TOO_LOW]: {
    status: 400,
    message: 'Minimum withdrawal amount is Ksh. 500. Account Balance should be at least Ksh. 500',
  },
  [FinanceErrorCode.BAD_PAGE]: { status: 400, message: 'Invalid page number' },
  [FinanceErrorCode.INVALID_PAGE]: { status: 404, message: 'Invalid page' },
  [FinanceErrorCode.WITHDRAWAL_NOT_FOUND]: { status: 404, message: 'Withdrawal not found' },
  [FinanceErrorCode.WITHDRAWAL_DECIDED]: {
    status: 409,
    message: 'This withdrawal has already been decided',
  },
});

/** Errors of the finance module (balance, withdrawals, payouts). */
export class FinanceError extends DomainError<FinanceErrorCode> {
  constructor(code: FinanceErrorCode, extra: Record<string, unknown> = {}) {
    super(code, FINANCE_ERRORS[code], extra);
  }
}

/** A B2C result whose payout row is not visible yet: thrown so the job is retried with backoff. */
export class PayoutNotFoundYetError extends Error {}
/** The payout job ran before the admin's approval committed: thrown so the job is retried. */
export class WithdrawalNotApprovedYetError extends Error {}
/** A payout the last fresh B2C float report cannot cover (docs/PRODUCT-RULES.md R195): thrown so the job is retried later. */
export class FloatTooLowError extends Error {}
