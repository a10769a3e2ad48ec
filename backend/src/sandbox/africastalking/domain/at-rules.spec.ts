import { parseDeliveryReport } from '../../../providers/africastalking/africastalking.client';
import {
  deliveryReportBody,
  networkCode,
  parseRecipients,
  recipientOutcome,
  smsParts,
  summaryMessage,
} from './at-rules';

describe('smsParts', () => {
  it('counts GSM-7 160/153 and Unicode 70/67', () => {
    expect(smsParts('a'.repeat(160))).toBe(1);
    expect(smsParts('a'.repeat(161))).toBe(2);
    expect(smsParts('a'.repeat(306))).toBe(2);
    expect(smsParts('{'.repeat(80))).toBe(1); // extension characters count twice
    expect(smsParts('{'.repeat(81))).toBe(2);
    expect(smsParts('é'.repeat(10))).toBe(1);
    expect(smsParts('✓'.repeat(70))).toBe(1);
    expect(smsParts('✓'.repeat(71))).toBe(2);
  });
});

describe('recipientOutcome', () => {
  it('accepts Kenyan, Ugandan and Nigerian numbers with a cost per part', () => {
    expect(recipientOutcome('+254712345678', 'hi')).toMatchObject({
      statusCode: 101,
      status: 'Success',
      cost: 'KES 0.8000',
      accepted: true,
    });
    expect(recipientOutcome('+254112345678', 'x'.repeat(200))).toMatchObject({
      cost: 'KES 1.6000',
      messageParts: 2,
    });
    expect(recipientOutcome('+256772123456', 'hi')).toMatchObject({
      statusCode: 101,
      cost: 'UGX 30.0000',
    });
    expect(recipientOutcome('+2348031234567', 'hi')).toMatchObject({
      statusCode: 101,
      cost: 'NGN 4.0000',
    });
  });

  it('answers 403 for malformed numbers and the test codes for the test numbers', () => {
    expect(recipientOutcome('+25470000', 'hi')).toMatchObject({
      statusCode: 403,
      status: 'InvalidPhoneNumber',
      cost: '0',
      accepted: false,
    });
    expect(recipientOutcome('+254812345678', 'hi')).toMatchObject({ statusCode: 403 });
    expect(recipientOutcome('+254700000406', 'hi')).toMatchObject({
      statusCode: 406,
      status: 'UserInBlacklist',
    });
    expect(recipientOutcome('+254700000405', 'hi')).toMatchObject({
      statusCode: 405,
      status: 'InsufficientBalance',
    });
    expect(recipientOutcome('+254700000500', 'hi')).toMatchObject({
      statusCode: 101,
      deliveryFails: true,
    });
  });

  it('summarises like the real API', () => {
    const outcomes = parseRecipients('+254712345678, 254722000000,+25470000').map((n) =>
      recipientOutcome(n, 'hi'),
    );
    expect(outcomes.map((o) => o.number)).toEqual(['+254712345678', '+254722000000', '+25470000']);
    expect(summaryMessage(outcomes)).toBe('Sent to 2/3 Total Cost: KES 1.6000');
    expect(summaryMessage([recipientOutcome('+1', 'x')])).toBe('Sent to 0/1 Total Cost: 0');
  });
});

describe('delivery reports', () => {
  it('names the operator and posts the §3.3 form fields the client reads', () => {
    expect(networkCode('+254712345678')).toBe('63902');
    expect(networkCode('+254733123456')).toBe('63903');
    expect(networkCode('+254772123456')).toBe('63907');
    expect(networkCode('+256772123456')).toBe('64110');
    expect(
      parseDeliveryReport(
        deliveryReportBody({ id: 'ATXid_1', status: 'Success', phoneNumber: '+254712345678' }),
      ),
    ).toEqual({
      id: 'ATXid_1',
      status: 'Success',
      final: true,
      delivered: true,
      phoneNumber: '+254712345678',
      networkCode: '63902',
      retryCount: 0,
    });
    expect(
      parseDeliveryReport(
        deliveryReportBody({ id: 'ATXid_2', status: 'Failed', phoneNumber: '+254700000500' }),
      ),
    ).toMatchObject({
      final: true,
      delivered: false,
      failureReason: 'DeliveryFailure',
    });
  });
});
