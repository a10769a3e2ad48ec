/** The retention periods in force (docs/PRODUCT-RULES.md R270-R273, R280), from the configuration. */
export interface RetentionPeriods {
  /** Days the text of an SMS is kept (R270, R280). */
  smsBodyDays: number;
  /** Days the subject and bodies of an e-mail are kept (R280). */
  emailBodyDays: number;
  /** Calendar months a purchase keeps the buyer's phone and e-mail (R271). */
  purchasePhoneMonths: number;
  /** Days an unverified, unused registration is kept (R272). */
  abandonedRegistrationDays: number;
  /** Days the processes' access logs may be kept by the deployment's log rotation (R273). */
  accessLogDays: number;
}

/** The instants before which each kind of data is past its retention (UTC). */
export interface RetentionCutoffs {
  smsBefore: Date;
  emailBefore: Date;
  purchaseBefore: Date;
  registrationBefore: Date;
}

const DAY_MS = 86_400_000;

/**
 * The cut-offs at `now` (docs/PRODUCT-RULES.md R270-R272, R280): `now` minus the days for SMS
 * texts, e-mail bodies and registrations; minus calendar months (UTC; the 31st of a shorter month falls on its last day)
 * for purchases. Pure; `now` is the caller's CLOCK time.
 */
export const retentionCutoffs = (now: Date, periods: RetentionPeriods): RetentionCutoffs => ({
  smsBefore: new Date(now.getTime() - periods.smsBodyDays * DAY_MS),
  emailBefore: new Date(now.getTime() - periods.emailBodyDays * DAY_MS),
  purchaseBefore: monthsBefore(now, periods.purchasePhoneMonths),
  registrationBefore: new Date(now.getTime() - periods.abandonedRegistrationDays * DAY_MS),
});

/** `now` moved back `months` calendar months in UTC, the day of month clamped to the month's last day. */
export const monthsBefore = (now: Date, months: number): Date => {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth() - months;
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  const d = new Date(now.getTime());
  d.setUTCFullYear(y, m, Math.min(now.getUTCDate(), lastDay));
  return d;
};
