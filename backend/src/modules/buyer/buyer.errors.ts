import { defineErrors, DomainError } from '../../common/errors/domain-error';

export enum BuyerErrorCode {
  INVALID_CURSOR = 'INVALID_CURSOR',
}

/**
 * Errors of a buyer's history (docs/PRODUCT-RULES.md R161); a wrong phone or code answers with
 * the one-time code's errors (RgError: 'Enter a valid phone number', 'The code is wrong or has
 * expired. Ask for a new one.').
 */
export const BUYER_ERRORS = defineErrors<BuyerErrorCode>({
  [BuyerErrorCode.INVALID_CURSOR]: {
    status: 400,
    message: 'before must be the next value of a previous page',
  },
});

export class BuyerError extends DomainError<BuyerErrorCode> {
  constructor(code: BuyerErrorCode) {
    super(code, BUYER_ERRORS[code]);
  }
}
