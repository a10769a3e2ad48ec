import { privacyNotice } from './privacy-notice';

/** docs/PRODUCT-RULES.md R275, R280: the notice states the configured periods, the controller and each right. */
describe('privacyNotice', () => {
  const notice = privacyNotice(
    { name: 'Acme Tips Ltd', contactEmail: 'dpo@acme.test' },
    {
      smsBodyDays: 45,
      emailBodyDays: 21,
      purchasePhoneMonths: 1,
      abandonedRegistrationDays: 7,
      accessLogDays: 14,
    },
  );

  it('names the controller and its contact', () => {
    expect(notice.controller).toEqual({ name: 'Acme Tips Ltd', contact_email: 'dpo@acme.test' });
  });

  it('shows the configured periods, not the defaults', () => {
    expect(notice.retention.slice(0, 5).map((r) => [r.period, r.days, r.months])).toEqual([
      ['45 days', 45, null],
      ['21 days', 21, null],
      ['1 month', null, 1],
      ['7 days', 7, null],
      ['14 days', 14, null],
    ]);
  });

  it('says how to exercise export, deletion, correction and STOP', () => {
    expect(notice.rights.map((r) => r.right)).toEqual(['export', 'deletion', 'correction', 'stop']);
    expect(notice.rights.find((r) => r.right === 'stop')?.how).toMatch(/Reply STOP/);
    expect(notice.rights.find((r) => r.right === 'export')?.how).toContain('dpo@acme.test');
  });
});
