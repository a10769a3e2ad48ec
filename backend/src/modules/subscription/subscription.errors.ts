import { defineErrors, DomainError } from '../../common/errors/domain-error';
import { INVALID_PHONE_MESSAGE, INVALID_PHONE_MESSAGE_LOWER } from '../../common/msisdn/msisdn';

export enum SubscriptionErrorCode {
  INVALID_PHONE = 'INVALID_PHONE',
  INVALID_LOOKUP_PHONE = 'INVALID_LOOKUP_PHONE',
  UNKNOWN_TYPE = 'UNKNOWN_TYPE',
  NOT_SUBSCRIBED = 'NOT_SUBSCRIBED',
  /** The subscriber panel's lookup without the code of the subscription SMS / M-Pesa receipt. */
  PROOF_MISSING = 'PROOF_MISSING',
}

/**
 * Messages (docs/PRODUCT-RULES.md R136, R69): Kenyan phone; subscription failure, whose server
 * message the screen shows.
 */
export const SUBSCRIPTION_ERRORS = defineErrors<SubscriptionErrorCode>({
  [SubscriptionErrorCode.INVALID_PHONE]: { status: 400, message: INVALID_PHONE_MESSAGE_LOWER },
  [SubscriptionErrorCode.INVALID_LOOKUP_PHONE]: { status: 400, message: INVALID_PHONE_MESSAGE },
  [SubscriptionErrorCode.UNKNOWN_TYPE]: { status: 400, message: 'Choose a valid subscription' },
  // One answer for "no subscription" and "wrong code": a guessed phone learns nothing.
  [SubscriptionErrorCode.NOT_SUBSCRIBED]: {
    status: 404,
    message: 'No active subscription matches this phone number and code',
  },
  [SubscriptionErrorCode.PROOF_MISSING]: {
    status: 400,
    message:
      'Enter the code from your subscription SMS, or the M-Pesa code of your subscription payment',
  },
});

export class SubscriptionError extends DomainError<SubscriptionErrorCode> {
  constructor(code: SubscriptionErrorCode) {
    super(code, SUBSCRIPTION_ERRORS[code]);
  }
}
