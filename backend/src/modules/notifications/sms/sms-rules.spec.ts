import {
  ProviderHttpError,
  ProviderInputError,
  ProviderNetworkError,
  ProviderTimeoutError,
} from '../../../providers/common/provider-errors';
import { classifySendError, recipientResult, statusAfterReport } from './sms-rules';

describe('sms rules', () => {
  it('retries timeouts, network errors and 5xx; not 4xx or refused input', () => {
    expect(classifySendError(new ProviderTimeoutError('africastalking', 100))).toBe('retry');
    expect(
      classifySendError(new ProviderNetworkError('africastalking', { requestSent: false })),
    ).toBe('retry');
    expect(classifySendError(new ProviderHttpError('africastalking', 500, null, 'boom'))).toBe(
      'retry',
    );
    expect(classifySendError(new ProviderHttpError('africastalking', 409, null, 'DND'))).toBe(
      'permanent',
    );
    expect(classifySendError(new ProviderInputError('africastalking', 'to', 'bad'))).toBe(
      'permanent',
    );
  });

  it('reads a recipient: accepted → sent, 405 → retry, 406 blacklisted → permanent', () => {
    const r = (outcome: 'accepted' | 'retryable' | 'permanent') => ({
      number: '+254712345678',
      status: 'x',
      statusCode: 0,
      outcome,
      messageId: null,
      cost: '0',
    });
    expect(recipientResult(r('accepted'))).toBe('sent');
    expect(recipientResult(r('retryable'))).toBe('retry');
    expect(recipientResult(r('permanent'))).toBe('permanent');
    expect(recipientResult(undefined)).toBe('retry');
  });

  it('moves the status forward on reports and never back from a final one', () => {
    const report = (status: string) => ({
      id: 'ATXid_1',
      status,
      phoneNumber: '+254712345678',
      final: ['Success', 'Failed', 'Rejected'].includes(status),
      delivered: status === 'Success',
    });
    expect(statusAfterReport('sent', report('Submitted'))).toBeNull();
    expect(statusAfterReport('sent', report('Success'))).toBe('delivered');
    expect(statusAfterReport('sent', report('Failed'))).toBe('failed');
    expect(statusAfterReport('queued', report('Success'))).toBe('delivered');
    expect(statusAfterReport('delivered', report('Failed'))).toBeNull();
    expect(statusAfterReport('failed', report('Success'))).toBeNull();
  });
});
