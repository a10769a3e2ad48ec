import {
  consentRecipient,
  isStopReply,
  marketingText,
  MARKETING_WARNING,
  mayReceiveMarketing,
  signUnsubscribeToken,
  verifyUnsubscribeToken,
} from './consent-rules';

const at = (iso: string): Date => new Date(iso);

describe('mayReceiveMarketing', () => {
  it.each([
    ['no record', null, false],
    ['never opted in', { optedInAt: null, optedOutAt: null }, false],
    ['opted in', { optedInAt: at('2026-12-01T10:00:00Z'), optedOutAt: null }, true],
    [
      'opted out after opting in',
      { optedInAt: at('2026-12-01T10:00:00Z'), optedOutAt: at('2026-12-02T10:00:00Z') },
      false,
    ],
    [
      'opted in again after opting out',
      { optedInAt: at('2026-12-03T10:00:00Z'), optedOutAt: at('2026-12-02T10:00:00Z') },
      true,
    ],
    ['opted out only', { optedInAt: null, optedOutAt: at('2026-12-02T10:00:00Z') }, false],
  ])('%s → %s', (_label, times, expected) => {
    expect(mayReceiveMarketing(times)).toBe(expected);
  });
});

describe('isStopReply', () => {
  it.each([
    'STOP',
    'stop',
    'Stop',
    ' stop ',
    'STOP ALL',
    'stop  all',
    'Stop all!',
    'UNSUBSCRIBE',
    'unsubscribe.',
    'StOp\n',
  ])('%j opts out', (text) => {
    expect(isStopReply(text)).toBe(true);
  });
  it.each([
    '',
    'stopp',
    'please stop',
    'STOP it',
    'stop sending me tips',
    'unsubscribed',
    'START',
    'ALL',
    'stop all now',
  ])('%j does not', (text) => {
    expect(isStopReply(text)).toBe(false);
  });
});

describe('consentRecipient', () => {
  it.each([
    ['sms', '+254712345678', '254712345678'],
    ['sms', '0712345678', '254712345678'],
    ['sms', '+2348031234567', '2348031234567'],
    ['sms', 'not a phone', null],
    ['sms', 12, null],
    ['email', ' Wanjiru@Example.KE ', 'wanjiru@example.ke'],
    ['email', 'no-at-sign', null],
  ] as const)('%s %j → %j', (channel, input, expected) => {
    expect(consentRecipient(channel, input)).toBe(expected);
  });
});

describe('marketingText', () => {
  it('ends an SMS with the warning and the STOP line', () => {
    expect(marketingText('sms', 'Weekend tips are live. ')).toBe(
      `Weekend tips are live.\n${MARKETING_WARNING} Reply STOP to opt out`,
    );
  });
  it('ends an e-mail with the warning and the unsubscribe link', () => {
    expect(
      marketingText('email', 'Hello', 'https://tips.example/api/notifications/unsubscribe?token=x'),
    ).toBe(
      `Hello\n\n${MARKETING_WARNING}\nUnsubscribe: https://tips.example/api/notifications/unsubscribe?token=x`,
    );
  });
  it('carries both parts of the required warning', () => {
    expect(MARKETING_WARNING).toContain('Gambling is addictive! Play responsibly');
    expect(MARKETING_WARNING).toContain('18+');
  });
});

describe('unsubscribe tokens', () => {
  const key = 'test-key';
  it('round-trips a channel and recipient', () => {
    expect(verifyUnsubscribeToken(key, signUnsubscribeToken(key, 'sms', '254712345678'))).toEqual({
      channel: 'sms',
      recipient: '254712345678',
    });
    expect(verifyUnsubscribeToken(key, signUnsubscribeToken(key, 'email', 'a@b.ke'))).toEqual({
      channel: 'email',
      recipient: 'a@b.ke',
    });
  });
  it.each([
    ['another key', signUnsubscribeToken('other-key', 'sms', '254712345678')],
    [
      'a changed recipient',
      `${Buffer.from('sms:254700000000').toString('base64url')}.${signUnsubscribeToken(key, 'sms', '254712345678').split('.')[1]}`,
    ],
    ['no MAC', Buffer.from('sms:254712345678').toString('base64url')],
    ['garbage', '../../etc/passwd'],
    ['not a string', 42],
    ['an unknown channel', signUnsubscribeToken(key, 'fax' as never, '254712345678')],
  ])('refuses %s', (_label, token) => {
    expect(verifyUnsubscribeToken(key, token)).toBeNull();
  });
});
