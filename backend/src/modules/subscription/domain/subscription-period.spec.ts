import { subscriptionConfirmationSms, subscriptionPeriod } from './subscription-period';

describe('subscriptionPeriod', () => {
  const paid = new Date('2026-11-23T10:00:00Z');
  it('starts at payment without current access', () => {
    expect(subscriptionPeriod(paid, 7, null)).toEqual({
      startsAt: paid,
      endsAt: new Date('2026-11-30T10:00:00Z'),
    });
    expect(subscriptionPeriod(paid, 7, new Date('2026-11-01T00:00:00Z')).startsAt).toEqual(paid);
  });
  it('extends a subscription still running', () => {
    const end = new Date('2026-11-25T10:00:00Z');
    expect(subscriptionPeriod(paid, 30, end)).toEqual({
      startsAt: end,
      endsAt: new Date('2026-12-25T10:00:00Z'),
    });
  });
});

describe('subscriptionConfirmationSms', () => {
  it('tells the code that opens the premium tips, in one SMS segment', () => {
    const text = subscriptionConfirmationSms(
      'Silver',
      new Date('2026-12-23T10:00:00Z'),
      false,
      'ACDEFGHJ',
      'https://tips.example',
    );
    expect(text).toBe(
      'Silver subscription active until 23 Dec 2026. Premium tips: https://tips.example/subscriptions with your phone and code ACDEFGHJ',
    );
    expect(text.length).toBeLessThanOrEqual(160);
    expect(
      subscriptionConfirmationSms('Gold', new Date(), true, 'ACDEFGHJ', 'https://tips.example'),
    ).toContain('Gold subscription active for life');
  });
});
