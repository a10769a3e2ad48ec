import { monthsBefore, retentionCutoffs } from './retention-cutoffs';

/** docs/PRODUCT-RULES.md R270-R272, R280: the instants before which data is past its retention. */
describe('retentionCutoffs', () => {
  const periods = {
    smsBodyDays: 90,
    emailBodyDays: 60,
    purchasePhoneMonths: 24,
    abandonedRegistrationDays: 30,
    accessLogDays: 30,
  };

  it('subtracts days for SMS texts, e-mail bodies and registrations, calendar months for purchases', () => {
    const now = new Date('2026-12-05T09:00:00.000Z');
    expect(retentionCutoffs(now, periods)).toEqual({
      smsBefore: new Date('2026-09-06T09:00:00.000Z'),
      emailBefore: new Date('2026-10-06T09:00:00.000Z'),
      purchaseBefore: new Date('2024-12-05T09:00:00.000Z'),
      registrationBefore: new Date('2026-11-05T09:00:00.000Z'),
    });
  });

  it.each([
    ['2026-03-31T12:00:00.000Z', 1, '2026-02-28T12:00:00.000Z'],
    ['2028-03-31T00:00:00.000Z', 1, '2028-02-29T00:00:00.000Z'],
    ['2026-01-15T06:30:00.000Z', 24, '2024-01-15T06:30:00.000Z'],
    ['2026-01-31T23:59:59.999Z', 2, '2025-11-30T23:59:59.999Z'],
  ])('months before %s by %i is %s', (now, months, expected) => {
    expect(monthsBefore(new Date(now), months).toISOString()).toBe(expected);
  });
});
