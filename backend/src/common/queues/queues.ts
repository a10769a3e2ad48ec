/**
 * Queue and job names (architecture.md, "Queues"). Job ids are business idempotency keys and
 * never contain ':' (BullMQ rejects them) nor are bare integers: use `${prefix}-${id}`.
 */
export const QUEUE = {
  PAYMENTS: 'payments',
  SMS: 'sms',
  PAYOUTS: 'payouts',
  FIXTURES: 'fixtures',
} as const;
export type QueueName = (typeof QUEUE)[keyof typeof QUEUE];
export const ALL_QUEUES: QueueName[] = Object.values(QUEUE);

export const JOB = {
  /** payments: move callbacks parked in the PostgreSQL inbox (Redis was down) to their queues. */
  DRAIN_INBOX: 'drain-inbox',
} as const;
export type JobName = (typeof JOB)[keyof typeof JOB];

/** Which queue carries each job; a unit test checks every job has exactly one handler. */
export const JOB_QUEUE: Record<JobName, QueueName> = {
  [JOB.DRAIN_INBOX]: QUEUE.PAYMENTS,
};

/** Producer defaults (style.md §8): retries with exponential backoff; failed jobs kept for Bull Board. */
export const DEFAULT_JOB_OPTIONS = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 2000 },
  removeOnComplete: { age: 24 * 3600, count: 10_000 },
  removeOnFail: false,
} as const;

/** A job id from business keys: joined by '-', with any ':' replaced (BullMQ forbids ':'). */
export const jobId = (...parts: (string | number)[]): string => parts.map((p) => String(p).replace(/:/g, '-')).join('-');
