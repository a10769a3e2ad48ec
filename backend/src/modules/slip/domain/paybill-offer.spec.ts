import {
  MISSED_PROMPT_SMS_MAX,
  missedPromptSms,
  PUSH_REFUSED_SMS_MAX,
  pushRefusedSms,
} from './paybill-offer';

const worst = { paybill: '9999999', account: 'W'.repeat(12), priceKsh: 1000 };

describe('paybill offer SMS (docs/PRODUCT-RULES.md R181, R205)', () => {
  it('the missed-prompt SMS fits one segment and names the paybill, the account and the price', () => {
    const sms = missedPromptSms(2_147_483_647, worst);
    expect(sms.length).toBeLessThanOrEqual(MISSED_PROMPT_SMS_MAX);
    expect(missedPromptSms(42, { paybill: '600984', account: 'ACDE3467', priceKsh: 200 })).toBe(
      'No prompt? Pay bill 600984, account ACDE3467, Ksh 200 on M-Pesa within 24 hours for slip 42. The tips come by SMS.',
    );
  });

  it('the refused-push SMS says why, offers the paybill when issued, and fits two segments', () => {
    expect(pushRefusedSms(2_147_483_647, 'x'.repeat(1000), worst).length).toBeLessThanOrEqual(
      PUSH_REFUSED_SMS_MAX,
    );
    expect(pushRefusedSms(42, 'This slip is no longer on sale', null)).toBe(
      'Slip 42: no M-Pesa prompt was sent. This slip is no longer on sale.',
    );
    expect(
      pushRefusedSms(42, 'M-Pesa request failed. Try again', {
        paybill: '600984',
        account: 'ACDE3467',
        priceKsh: 200,
      }),
    ).toBe(
      'Slip 42: no M-Pesa prompt was sent. M-Pesa request failed. Try again. Instead: Pay bill 600984, account ACDE3467, Ksh 200 on M-Pesa within 24 hours.',
    );
  });
});
