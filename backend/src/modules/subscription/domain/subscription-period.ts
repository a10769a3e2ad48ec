const DAY_MS = 24 * 3600 * 1000;

/**
 * The period a newly paid subscription covers (docs/PRODUCT-RULES.md "Subscriptions"): active from payment
 * for `days` days; when the phone already has access ending later than `paidAt`, the new period
 * starts where that one ends (a second subscription extends the current one).
 */
export const subscriptionPeriod = (
  paidAt: Date,
  days: number,
  currentEnd: Date | null,
): { startsAt: Date; endsAt: Date } => {
  const startsAt = currentEnd && currentEnd.getTime() > paidAt.getTime() ? currentEnd : paidAt;
  return { startsAt, endsAt: new Date(startsAt.getTime() + days * DAY_MS) };
};

/**
 * The confirmation SMS (one segment where possible): the period, where to see premium tips and
 * the code that proves the phone is the subscriber's there (our purchase code; the M-Pesa
 * receipt works too). `site` is PUBLIC_URL.
 */
export const subscriptionConfirmationSms = (
  title: string,
  endsAt: Date,
  lifetime: boolean,
  code: string,
  site: string,
): string => {
  const until = endsAt.toLocaleDateString('en-GB', {
    timeZone: 'Africa/Nairobi',
    day: '2-digit',
    month: 'short',
    year: 'numeric',
  });
  return `${title} subscription active${lifetime ? ' for life' : ` until ${until}`}. Premium tips: ${site}/subscriptions with your phone and code ${code}`;
};
