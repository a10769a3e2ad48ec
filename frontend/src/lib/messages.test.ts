import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages';

describe('MESSAGES (docs/PRODUCT-RULES.md R70, verbatim)', () => {
  it('keeps the spec wording and spelling', () => {
    expect(MESSAGES).toEqual({
      loginFailed: 'An error occurred',
      resetLinkSent: 'Check your email for the link',
      passwordSet: 'Password set successfully.',
      invalidResetToken: 'Invalid token. Repeat the process.',
      tryAgain: 'Error occurred. Try again',
      subscriptionRequested: 'Request sent. Wait for mpesa stk',
      saved: 'Saved',
      buyFailed: 'Error occured buying tip',
      purchaseRequested: 'Request Sent',
      pageNotFound: "Error: Can't Find Page",
      verificationFailed: 'An error occured',
      verificationNeedsLogin: 'You need to be logged in to use the email verification link',
      passwordIsSet: 'Password Set',
    });
  });
});
