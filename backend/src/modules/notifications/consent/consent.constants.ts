/** The unsubscribe link's route (docs/PRODUCT-RULES.md R234): `GET UNSUBSCRIBE_PATH?token=`, no login. */
export const UNSUBSCRIBE_PATH = '/api/notifications/unsubscribe';

/**
 * Where Africa's Talking posts incoming SMS, followed by `/{AT_CALLBACK_TOKEN}` like the delivery
 * reports (docs/PROVIDERS.md §3.7): the path is the credential.
 */
export const AT_INBOUND_SMS_PATH = '/api/notifications/sms/inbound';

/** The inbound-SMS path for a callback token: `AT_INBOUND_SMS_PATH/{token}`. */
export const atInboundSmsPath = (callbackToken: string): string =>
  `${AT_INBOUND_SMS_PATH}/${encodeURIComponent(callbackToken)}`;

/** The outbox purpose of marketing messages (SMS `purpose`, e-mail `kind`). */
export const MARKETING_PURPOSE = 'marketing';

/**
 * The opt-in wording the register dialog and the buy page show next to their unticked checkbox
 * (docs/PRODUCT-RULES.md R276), recorded verbatim with each opt-in. A form may send only this text.
 */
export const SMS_OPT_IN_TEXT = 'Send me tips offers by SMS (18+). Reply STOP to opt out.';

/** Where an opt-in was given (`marketing_consent.opt_in_source`, R276). */
export const OPT_IN_SOURCE = { registerForm: 'register-form', buyPage: 'buy-page' } as const;
