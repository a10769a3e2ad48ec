import { DomainError } from '../../common/errors/domain-error';
import { INVALID_PHONE_MESSAGE, INVALID_PHONE_MESSAGE_LOWER } from '../../common/msisdn/msisdn';

const err = (code: string, status: number, message: string): DomainError =>
  new DomainError(code, { status, message });

/**
 * The errors of the slip buy routes and find-slip (docs/CONTRIBUTING.md §6), each with its status
 * and the exact message the web app shows.
 */
export const SLIP_SALE_ERRORS = {
  invalidPhone: () => err('INVALID_PHONE', 400, INVALID_PHONE_MESSAGE_LOWER),
  invalidFindPhone: () => err('INVALID_PHONE', 400, INVALID_PHONE_MESSAGE),
  slipNotFound: () => err('SLIP_NOT_FOUND', 400, 'Slip not found'),
  notOnSale: () => err('SLIP_NOT_ON_SALE', 400, 'This slip is no longer on sale'),
  notFound: () => err('PURCHASE_NOT_FOUND', 404, 'No paid slip found for these details'),
  invalidEmail: () => err('INVALID_EMAIL', 400, 'Invalid Email'),
  /** A required body field absent (e.g. `slip` sent to buy-flw, which reads `slip_id`): named. */
  missingField: (field: string) => err('MISSING_FIELD', 400, `${field} is required`),
};
