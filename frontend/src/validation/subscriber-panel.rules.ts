import { collectErrors, type FormErrors, type RuleResult } from './common';
import { normaliseTransactionCode } from './find-tip.rules';
import { subscriptionPhoneError } from './kenyan-phone.rules';

/**
 * Subscriber panel look-up: the phone (docs/PRODUCT-RULES.md R136, 'Enter Valid Phone Number') and
 * the code that proves it is the subscriber's — our code from the subscription SMS (8 characters)
 * or the M-Pesa code of the payment (10). Only the first word counts, as on find tip.
 */
export const SUBSCRIBER_PANEL_MESSAGES = {
  code: 'Enter the code from your subscription SMS, or the M-Pesa code of your subscription payment',
} as const;

const MIN_CODE_LENGTH = 8;

/** The first word, at least 8 characters, else the message above. */
export const subscriberCodeError = (code: string): RuleResult =>
  normaliseTransactionCode(code).length >= MIN_CODE_LENGTH ? null : SUBSCRIBER_PANEL_MESSAGES.code;

export interface SubscriberPanelForm {
  phone: string;
  code: string;
}

export const validateSubscriberPanel = (
  form: SubscriberPanelForm,
): FormErrors<keyof SubscriberPanelForm> =>
  collectErrors<keyof SubscriberPanelForm>({
    phone: subscriptionPhoneError(form.phone),
    code: subscriberCodeError(form.code),
  });
