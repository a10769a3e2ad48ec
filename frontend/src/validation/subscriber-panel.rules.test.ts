import { describe, expect, it } from 'vitest';
import {
  SUBSCRIBER_PANEL_MESSAGES,
  subscriberCodeError,
  validateSubscriberPanel,
} from './subscriber-panel.rules';

describe('subscriber panel look-up', () => {
  it('needs the code of the subscription SMS or the M-Pesa code (first word, 8+ characters)', () => {
    expect(subscriberCodeError('')).toBe(SUBSCRIBER_PANEL_MESSAGES.code);
    expect(subscriberCodeError('acd 12345678')).toBe(SUBSCRIBER_PANEL_MESSAGES.code);
    expect(subscriberCodeError(' acdefghj ')).toBeNull();
    expect(subscriberCodeError('TKE4H7Q2ZP Confirmed. Ksh500.00 sent')).toBeNull();
  });

  it("checks the phone with 'Enter Valid Phone Number'", () => {
    expect(validateSubscriberPanel({ phone: '12', code: '' })).toEqual({
      phone: 'Enter Valid Phone Number',
      code: SUBSCRIBER_PANEL_MESSAGES.code,
    });
    expect(validateSubscriberPanel({ phone: '0712345678', code: 'ACDEFGHJ' })).toEqual({});
  });
});
