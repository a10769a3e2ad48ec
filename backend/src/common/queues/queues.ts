/**
 * Queue and job names (docs/ARCHITECTURE.md, "Queues"). Job ids are business idempotency keys and
 * never contain ':' (BullMQ rejects them) nor are bare integers: use `${prefix}-${id}`.
 */
export const QUEUE = {
  PAYMENTS: 'payments',
  SMS: 'sms',
  PAYOUTS: 'payouts',
  FIXTURES: 'fixtures',
  /** The slip module's own queue: settlement's scheduled catch-up sweep, the picks delivery check, the paybill offer after a missed prompt. */
  SETTLEMENT: 'settlement',
  /** Housekeeping on a schedule (purging expired credentials, data retention). */
  MAINTENANCE: 'maintenance',
  /** The transparency log's signed tree heads (the transparency module's own queue). */
  TRANSPARENCY: 'transparency',
  /** STK pushes of purchases confirmed in the USSD menu, sent after the session ended (the ussd module's own queue). */
  USSD: 'ussd',
} as const;
export type QueueName = (typeof QUEUE)[keyof typeof QUEUE];
export const ALL_QUEUES: QueueName[] = Object.values(QUEUE);

export const JOB = {
  /** payments: move callbacks parked in the PostgreSQL inbox (Redis was down) to their queues. */
  DRAIN_INBOX: 'drain-inbox',
  /** fixtures: load fixtures and odds from the provider (CSV files / URL, or API-Football). */
  IMPORT_FIXTURES: 'import-fixtures',
  /** fixtures: publish live states and results of fixtures whose time has come; emits fixture.finished. */
  SYNC_RESULTS: 'sync-results',
  /** settlement (scheduled): settle every unsettled slip whose games are all decided (catch-up of fixture.finished; SlipSettlementService). */
  SETTLE_SLIPS: 'settle-slips',
  /** settlement (scheduled): re-send picks SMS not delivered in time, tell the buyer where to read them, mark undelivered at kick-off (PicksDeliveryCheckService). */
  CHECK_PICKS_DELIVERY: 'check-picks-delivery',
  /** settlement: the paybill offered by SMS after a missed STK prompt for a slip (jobId `paybill-offer-<purchase id>`; docs/PRODUCT-RULES.md R205). */
  OFFER_PAYBILL: 'offer-paybill',
  /** payments: an M-Pesa STK callback (jobId `mpesa-<CheckoutRequestID>`). */
  MPESA_CALLBACK: 'mpesa-callback',
  /** payments: a Flutterwave charge webhook (jobId `flw-<tx_ref>`). */
  FLUTTERWAVE_WEBHOOK: 'flutterwave-webhook',
  /** payments: a Daraja C2B (paybill) confirmation (jobId `c2b-<TransID>`). */
  C2B_CONFIRMATION: 'c2b-confirmation',
  /** payments (scheduled): STK query / Flutterwave verify for purchases pending past their grace period (docs/PRODUCT-RULES.md R190). */
  RECONCILE_STK: 'reconcile-stk',
  /** payments (scheduled): vouchers past their 30 days marked expired, with their ledger rows (docs/PRODUCT-RULES.md R242). */
  EXPIRE_VOUCHERS: 'expire-vouchers',
  /** payments: a Daraja Transaction Status Result about a purchase (jobId `ts-<OriginatorConversationID>`; R194). */
  TRANSACTION_STATUS_RESULT: 'transaction-status-result',
  /** sms: send one sms_outbox row through Africa's Talking (jobId `sms-<id>`). */
  DELIVER_SMS: 'deliver-sms',
  /** sms (scheduled): re-enqueue outbox rows whose enqueue after commit was lost (Redis down). */
  REQUEUE_SMS: 'requeue-sms',
  /** payouts: send the B2C payment(s) of an approved withdrawal (jobId `withdrawal-<id>`). */
  B2C_WITHDRAWAL: 'b2c-withdrawal',
  /** payouts: a Daraja B2C Result (jobId `b2c-<OriginatorConversationID>-<ResultCode>`). */
  B2C_RESULT: 'b2c-result',
  /** payouts (scheduled): re-run the payout job of approved withdrawals whose B2C request never got an answer. */
  RECONCILE_PAYOUTS: 'reconcile-payouts',
  /** payouts (scheduled): ask Daraja's Account Balance for the B2C float (docs/PRODUCT-RULES.md R195). */
  CHECK_B2C_FLOAT: 'check-b2c-float',
  /** payouts: a Daraja Account Balance Result (jobId `balance-<ConversationID>`). */
  ACCOUNT_BALANCE_RESULT: 'account-balance-result',
  /** maintenance (scheduled): delete expired login sessions, reset tokens and verification codes (AccountMaintenanceService). */
  PURGE_EXPIRED_TOKENS: 'purge-expired-tokens',
  /** maintenance (scheduled): erase what is past its retention period and record the run (RetentionService; docs/PRODUCT-RULES.md R270-R274). */
  RUN_RETENTION: 'run-retention',
  /** transparency (scheduled): sign a tree head when the log grew and time-stamp heads without a token (TreeHeadService). */
  SIGN_TREE_HEAD: 'sign-tree-head',
  /** ussd (delayed USSD_PUSH_DELAY_MS): the STK push of a slip bought in the USSD menu (jobId `ussd-<sessionId>`). */
  USSD_STK_PUSH: 'ussd-stk-push',
} as const;
export type JobName = (typeof JOB)[keyof typeof JOB];

/** Which queue carries each job; a unit test checks every job has exactly one handler. */
export const JOB_QUEUE: Record<JobName, QueueName> = {
  [JOB.DRAIN_INBOX]: QUEUE.PAYMENTS,
  [JOB.IMPORT_FIXTURES]: QUEUE.FIXTURES,
  [JOB.SYNC_RESULTS]: QUEUE.FIXTURES,
  [JOB.SETTLE_SLIPS]: QUEUE.SETTLEMENT,
  [JOB.CHECK_PICKS_DELIVERY]: QUEUE.SETTLEMENT,
  [JOB.OFFER_PAYBILL]: QUEUE.SETTLEMENT,
  [JOB.MPESA_CALLBACK]: QUEUE.PAYMENTS,
  [JOB.FLUTTERWAVE_WEBHOOK]: QUEUE.PAYMENTS,
  [JOB.C2B_CONFIRMATION]: QUEUE.PAYMENTS,
  [JOB.RECONCILE_STK]: QUEUE.PAYMENTS,
  [JOB.EXPIRE_VOUCHERS]: QUEUE.PAYMENTS,
  [JOB.TRANSACTION_STATUS_RESULT]: QUEUE.PAYMENTS,
  [JOB.DELIVER_SMS]: QUEUE.SMS,
  [JOB.REQUEUE_SMS]: QUEUE.SMS,
  [JOB.B2C_WITHDRAWAL]: QUEUE.PAYOUTS,
  [JOB.B2C_RESULT]: QUEUE.PAYOUTS,
  [JOB.RECONCILE_PAYOUTS]: QUEUE.PAYOUTS,
  [JOB.CHECK_B2C_FLOAT]: QUEUE.PAYOUTS,
  [JOB.ACCOUNT_BALANCE_RESULT]: QUEUE.PAYOUTS,
  [JOB.PURGE_EXPIRED_TOKENS]: QUEUE.MAINTENANCE,
  [JOB.RUN_RETENTION]: QUEUE.MAINTENANCE,
  [JOB.SIGN_TREE_HEAD]: QUEUE.TRANSPARENCY,
  [JOB.USSD_STK_PUSH]: QUEUE.USSD,
};

/**
 * Provider callbacks: a delivery that finds an older job of its key failed, finished with another
 * body or waiting for a retry is applied anyway (JobProducer.enqueueDelivery; docs/RELIABILITY.md
 * "Re-delivered callbacks").
 */
export const REDELIVERED_JOBS: ReadonlySet<JobName> = new Set([
  JOB.MPESA_CALLBACK,
  JOB.FLUTTERWAVE_WEBHOOK,
  JOB.C2B_CONFIRMATION,
  JOB.B2C_RESULT,
]);

/**
 * Producer defaults (docs/CONTRIBUTING.md §8): retries with exponential backoff; failed jobs kept for Bull
 * Board. 10 attempts 3 s, 6 s, 12 s … 768 s apart: a job keeps retrying for about 25 minutes
 * (RETRY_WINDOW_MS), so a PostgreSQL restart or outage of minutes does not use up its retries.
 */
export const DEFAULT_JOB_OPTIONS = {
  attempts: 10,
  backoff: { type: 'exponential', delay: 3000 },
  removeOnComplete: { age: 24 * 3600, count: 10_000 },
  removeOnFail: false,
} as const;

/** Time from a job's first failure to its last attempt with DEFAULT_JOB_OPTIONS (ms): delay × (2^(attempts−1) − 1). */
export const RETRY_WINDOW_MS =
  DEFAULT_JOB_OPTIONS.backoff.delay * (2 ** (DEFAULT_JOB_OPTIONS.attempts - 1) - 1);

/** A job id from business keys: joined by '-', with any ':' replaced (BullMQ forbids ':'). */
export const jobId = (...parts: (string | number)[]): string =>
  parts.map((p) => String(p).replace(/:/g, '-')).join('-');

/**
 * Worker options of the queues that carry buyers' money and messages (payments, sms): a job held
 * by a worker that died (SIGKILL, OOM, a lost host) is given to another worker within about 20 s
 * — its lock lapses after 15 s and stalled jobs are looked for every 5 s — instead of BullMQ's
 * default 30 s + 30 s. A live worker renews its locks every 7.5 s, so a long batch is not taken
 * from it (docs/RELIABILITY.md, "Faults with real processes").
 */
export const STALLED_JOB_RECOVERY = { lockDuration: 15_000, stalledInterval: 5_000 } as const;
