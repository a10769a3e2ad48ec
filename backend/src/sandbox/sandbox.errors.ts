import { defineErrors, DomainError } from '../common/errors/domain-error';

/**
 * Errors of the sandbox's own routes (phone page, its JSON API, fault injection). The provider
 * endpoints answer the provider's error shapes instead (docs/PROVIDERS.md §1.5, §2.1, §3.2).
 */
export enum SandboxErrorCode {
  NOT_FOUND = 'NOT_FOUND',
  INVALID_PHONE = 'INVALID_PHONE',
  INVALID_PIN = 'INVALID_PIN',
  PROMPT_NOT_FOUND = 'PROMPT_NOT_FOUND',
  PROMPT_ANSWERED = 'PROMPT_ANSWERED',
  CHECKOUT_NOT_FOUND = 'CHECKOUT_NOT_FOUND',
  CHECKOUT_CLOSED = 'CHECKOUT_CLOSED',
  TRANSACTION_NOT_FOUND = 'TRANSACTION_NOT_FOUND',
  INVALID_FAULT = 'INVALID_FAULT',
  INVALID_PAY_BILL = 'INVALID_PAY_BILL',
}

export const SANDBOX_ERRORS = defineErrors<SandboxErrorCode>({
  [SandboxErrorCode.NOT_FOUND]: { status: 404, message: 'Not found' },
  [SandboxErrorCode.INVALID_PHONE]: {
    status: 400,
    message: 'Enter a phone number: 2547XXXXXXXX, 07XXXXXXXX or an international number',
  },
  [SandboxErrorCode.INVALID_PIN]: { status: 400, message: 'Enter your 4-digit M-PESA PIN' },
  [SandboxErrorCode.INVALID_PAY_BILL]: {
    status: 400,
    message: 'Enter the business number (5-7 digits), the account number and a whole amount in Ksh',
  },
  [SandboxErrorCode.PROMPT_NOT_FOUND]: {
    status: 404,
    message: 'No such payment prompt on this phone',
  },
  [SandboxErrorCode.PROMPT_ANSWERED]: {
    status: 409,
    message: 'This payment prompt is no longer pending',
  },
  [SandboxErrorCode.CHECKOUT_NOT_FOUND]: { status: 404, message: 'No such checkout' },
  [SandboxErrorCode.CHECKOUT_CLOSED]: { status: 409, message: 'This checkout is already closed' },
  [SandboxErrorCode.TRANSACTION_NOT_FOUND]: { status: 404, message: 'No such transaction' },
  [SandboxErrorCode.INVALID_FAULT]: {
    status: 400,
    message: 'Give target (a known fault target), count (0-1000) and optionally status (400-599)',
  },
});

/** An error of a sandbox route; the global filter renders `{ message }` with its status. */
export class SandboxError extends DomainError<SandboxErrorCode> {
  constructor(code: SandboxErrorCode, extra: Record<string, unknown> = {}) {
    super(code, SANDBOX_ERRORS[code], extra);
  }
}
