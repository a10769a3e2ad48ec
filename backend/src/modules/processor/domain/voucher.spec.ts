import { Money } from '../../../common/money/money';
import {
  emailHolder,
  phoneHolder,
  refundHolder,
  voucherEmail,
  voucherRefusal,
  VoucherToRedeem,
} from './voucher';

const NOW = new Date('2026-12-05T12:00:00Z');
const LATER = new Date('2026-12-20T12:00:00Z');
const ksh = (s: string) => Money.parse(s);

describe('voucher holders (docs/PRODUCT-RULES.md R241, R283)', () => {
  it('refunds to the phone first, else the e-mail in lower case, else nobody', () => {
    expect(refundHolder({ phone: '254712000001', email: 'Ade@Example.ng' })).toEqual({
      phone: '254712000001',
      email: null,
    });
    expect(refundHolder({ phone: null, email: ' Ade@Example.NG ' })).toEqual({
      phone: null,
      email: 'ade@example.ng',
    });
    expect(refundHolder({ phone: null, email: null })).toBeNull();
  });

  const byPhone: VoucherToRedeem = {
    phone: '254712000001',
    email: null,
    status: 'issued',
    expiresAt: LATER,
    amountKsh: ksh('150.00'),
  };
  const byEmail: VoucherToRedeem = { ...byPhone, phone: null, email: 'ade@example.ng' };

  it.each([
    ['its phone', byPhone, phoneHolder('254712000001'), null],
    ['another phone', byPhone, phoneHolder('254712000002'), 'other-phone'],
    ['an e-mail, for a phone voucher', byPhone, emailHolder('ade@example.ng'), 'other-email'],
    ['its e-mail, any case', byEmail, emailHolder('ADE@example.ng'), null],
    ['another e-mail', byEmail, emailHolder('bola@example.ng'), 'other-email'],
    ['a phone, for an e-mail voucher', byEmail, phoneHolder('254712000001'), 'other-phone'],
  ])('an owner check: %s', (_, voucher, holder, refusal) => {
    expect(voucherRefusal(voucher, holder, ksh('100.00'), NOW)).toBe(refusal);
  });

  it('checks the e-mail holder before the status, expiry and price (nothing about another holder shows)', () => {
    const spent: VoucherToRedeem = { ...byEmail, status: 'redeemed' };
    expect(voucherRefusal(spent, emailHolder('bola@example.ng'), ksh('1.00'), NOW)).toBe(
      'other-email',
    );
    expect(voucherRefusal(spent, emailHolder('ade@example.ng'), ksh('1.00'), NOW)).toBe('redeemed');
    expect(voucherRefusal(byEmail, emailHolder('ade@example.ng'), ksh('150.01'), NOW)).toBe(
      'too-small',
    );
    expect(voucherRefusal(byEmail, emailHolder('ade@example.ng'), ksh('1.00'), LATER)).toBe(
      'expired',
    );
  });

  it('the e-mail carries the SMS text and how to spend it, its HTML part the same text', () => {
    const mail = voucherEmail(
      {
        code: '482177301196',
        amount: ksh('3600.00'),
        currency: 'NGN',
        reason: 'money-back',
        expiresAt: new Date('2027-01-04T09:00:00Z'),
      },
      42,
      'https://tips.example',
    );
    expect(mail.subject).toBe('Your voucher: NGN 3600.00');
    expect(mail.text).toContain('Voucher 4821 7730 1196: NGN 3600.00 (money-back slip 42 lost)');
    expect(mail.text).toContain('before 4 Jan 2027');
    expect(mail.text).toContain('"Voucher code"');
    expect(mail.html).toBe(`<pre>${mail.text}</pre>`);
  });
});
