/**
 * Where Africa's Talking posts SMS delivery reports, followed by `/{AT_CALLBACK_TOKEN}` (an
 * unguessable path: the token is the credential; docs/PROVIDERS.md, Africa's Talking delivery
 * reports). Served by SmsDeliveryReportController; the sandbox posts here by default.
 */
export const AT_DELIVERY_REPORT_PATH = '/api/notifications/sms/delivery-report';

/** The delivery-report path for a callback token: `AT_DELIVERY_REPORT_PATH/{token}`. */
export const atDeliveryReportPath = (callbackToken: string): string =>
  `${AT_DELIVERY_REPORT_PATH}/${encodeURIComponent(callbackToken)}`;
