/**
 * Paths and test-triggering values of the provider sandboxes (docs/PROVIDERS.md §1.11, §2.7,
 * §3.6). Other modules import the callback paths from here so both sides agree.
 */

/** Prefix of every sandbox route (docs/ARCHITECTURE.md, "Providers and sandboxes"). */
export const SANDBOX_PREFIX = '/sandbox';

/**
 * Where the Flutterwave sandbox posts `charge.completed` webhooks by default (below PUBLIC_URL).
 * The processor module serves it (docs/ARCHITECTURE.md "Providers and sandboxes"); SANDBOX_FLW_WEBHOOK_URL overrides it.
 */
export const FLW_WEBHOOK_PATH = '/api/processor/flutterwave/webhook';

/**
 * Where the Africa's Talking sandbox posts delivery reports by default (below PUBLIC_URL): the
 * notifications module's route, whose path it owns; SANDBOX_AT_DELIVERY_REPORT_URL overrides it.
 */
export {
  AT_DELIVERY_REPORT_PATH,
  atDeliveryReportPath,
} from '../modules/notifications/sms/sms.constants';

/** The name the M-Pesa sandbox shows for our PayBill in prompts and confirmation SMS. */
export const SANDBOX_MERCHANT_NAME = 'TIPSKE MARKETPLACE';

/** Sender of the M-Pesa confirmation SMS on the sandbox phone. */
export const MPESA_SMS_SENDER = 'MPESA';

/** Africa's Talking's default sender ID when a message names none (docs/PROVIDERS.md §3.2). */
export const AT_DEFAULT_SENDER = 'AFRICASTKNG';

/**
 * Test-triggering STK push recipients: a number 0700 04x xxx (MSISDN prefix `25470004`, 10,000
 * numbers no real test phone uses) is treated as not registered on M-Pesa, so the push itself is
 * refused, synchronously, with Daraja's `400.002.02` "Bad Request - Invalid PhoneNumber" (no
 * prompt, no callback). Any other 2547…/2541… number gets a prompt.
 */
export const STK_REFUSED_MSISDN_PREFIX = '25470004';

/**
 * Test-triggering B2C recipients and amounts (docs/PROVIDERS.md §1.11: the sandbox fails a payout only for
 * these documented values). Any other payout succeeds.
 * - an amount whose whole shillings end in 99 (99, 199, 1099 …) → ResultCode 1, insufficient
 *   utility-account balance (Daraja takes whole Ksh only, so ".99" cannot be sent);
 * - recipient 254700000040 → ResultCode 2040, unregistered customer;
 * - recipient 254700000011 → ResultCode 11, debit party in an invalid state.
 */
export const B2C_FAILING_RECIPIENTS: Readonly<Record<string, number>> = {
  '254700000040': 2040,
  '254700000011': 11,
};

/**
 * Test-triggering Africa's Talking recipients (docs/PROVIDERS.md §3.6 knobs):
 * - +254700000406 → statusCode 406 UserInBlacklist (nothing delivered);
 * - +254700000405 → statusCode 405 InsufficientBalance (nothing delivered);
 * - +254700000500 → accepted, then delivery report `Failed` / `DeliveryFailure`.
 */
export const AT_TEST_NUMBERS = {
  blacklisted: '+254700000406',
  insufficientBalance: '+254700000405',
  deliveryFails: '+254700000500',
} as const;

/**
 * What can be made to fail on purpose through `POST /sandbox/api/faults` (persisted, shared by
 * every process): the next N calls to a sandbox endpoint answer a provider-shaped HTTP error, or
 * the next N callbacks of a kind are dropped (never sent, to test reconciliation).
 */
export const FAULT_TARGETS = [
  'daraja.oauth',
  'daraja.stkpush',
  'daraja.stkquery',
  'daraja.b2c',
  'daraja.transactionstatus',
  'daraja.accountbalance',
  'flutterwave.payments',
  'flutterwave.verify',
  'africastalking.messaging',
  's3.objects',
  'callback.daraja.stk',
  'callback.daraja.b2c',
  'callback.daraja.c2b',
  'callback.daraja.status',
  'callback.daraja.balance',
  'callback.flutterwave.webhook',
  'callback.africastalking.delivery-report',
  'africastalking.delivery-fails',
] as const;

/**
 * Fault target of Africa's Talking delivery failures (docs/PROVIDERS.md §3.6): armed with count
 * N, the next N messages the sandbox accepts are not delivered — not in the phone inbox, and
 * their reports end `Failed` / `DeliveryFailure` instead of `Success`. Followed by `:` and an
 * MSISDN (`africastalking.delivery-fails:254712345678`), only messages to that phone.
 */
export const AT_DELIVERY_FAILS = 'africastalking.delivery-fails';

/** The delivery-failure fault target of one phone (MSISDN digits, no '+'). */
export const atDeliveryFailsFor = (msisdn: string): `${typeof AT_DELIVERY_FAILS}:${string}` =>
  `${AT_DELIVERY_FAILS}:${msisdn.replace(/^\+/, '')}`;

/** Whether `target` is a known fault target, a per-phone delivery failure included. */
export const isFaultTarget = (target: string): target is FaultTarget =>
  (FAULT_TARGETS as readonly string[]).includes(target) ||
  /^africastalking\.delivery-fails:\d{9,15}$/.test(target);

export type FaultTarget = (typeof FAULT_TARGETS)[number] | `${typeof AT_DELIVERY_FAILS}:${string}`;

/** Kinds of outgoing sandbox callbacks (`sandbox_outbound.kind`); each is also a fault target. */
export const OUTBOUND_KIND = {
  STK_CALLBACK: 'callback.daraja.stk',
  B2C_RESULT: 'callback.daraja.b2c',
  C2B_CONFIRMATION: 'callback.daraja.c2b',
  STATUS_RESULT: 'callback.daraja.status',
  BALANCE_RESULT: 'callback.daraja.balance',
  FLW_WEBHOOK: 'callback.flutterwave.webhook',
  AT_DELIVERY_REPORT: 'callback.africastalking.delivery-report',
} as const satisfies Record<string, FaultTarget>;
export type OutboundKind = (typeof OUTBOUND_KIND)[keyof typeof OUTBOUND_KIND];
export { USSD_CALLBACK_PATH } from '../modules/ussd/ussd.constants';
