/**
 * Where Africa's Talking posts SMS delivery reports, followed by `/{AT_CALLBACK_TOKEN}` (an
 * unguessable path: the token is the credential; docs/PROVIDERS.md, Africa's Talking delivery
 * reports). Served by SmsDeliveryReportController; the sandbox posts here by default.
 */
export const AT_DELIVERY_REPORT_PATH = '/api/notifications/sms/delivery-report';

/** The delivery-report path for a callback token: `AT_DELIVERY_REPORT_PATH/{token}`. */
export const atDeliveryReportPath = (callbackToken: string): string =>
  `${AT_DELIVERY_REPORT_PATH}/${encodeURIComponent(callbackToken)}`;

/**
 * What an outbox row's `body` becomes when its retention period is over (docs/PRODUCT-RULES.md
 * R270, R280): the row, its status and delivery report stay; the text is gone. An e-mail's text
 * body becomes the same words.
 */
export const ERASED_SMS_BODY = '[text erased: retention period over]';

/** Rows whose text is erased per UPDATE (a retention run loops until none is left). */
export const ERASE_SMS_BODIES_BATCH = 5000;
