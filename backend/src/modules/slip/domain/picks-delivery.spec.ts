import {
  fallbackEmail,
  fallbackSms,
  nextPicksDeliveryStep,
  PicksDeliveryView,
  smsOutcome,
  SmsView,
  stateAfter,
} from './picks-delivery';

const at = (iso: string) => new Date(iso);
const sms = (
  status: string,
  deliveryStatus: string | null = null,
  lastError: string | null = null,
): SmsView => ({ status, deliveryStatus, lastError });

describe('smsOutcome (docs/PRODUCT-RULES.md R221)', () => {
  it.each<[string, SmsView | undefined, string]>([
    ['no row yet', undefined, 'pending'],
    ['queued', sms('queued'), 'pending'],
    ['sending', sms('sending'), 'pending'],
    [
      'queued after 405 InsufficientBalance',
      sms('queued', null, '405 InsufficientBalance'),
      'failed',
    ],
    ['refused 406 UserInBlacklist', sms('failed', null, '406 UserInBlacklist'), 'failed'],
    ['accepted', sms('sent'), 'accepted'],
    ['Submitted', sms('sent', 'Submitted'), 'accepted'],
    ['Buffered', sms('sent', 'Buffered'), 'accepted'],
    ['Failed report', sms('failed', 'Failed'), 'failed'],
    ['Rejected report', sms('failed', 'Rejected'), 'failed'],
    ['AbsentSubscriber report', sms('sent', 'AbsentSubscriber'), 'failed'],
    ['Expired report', sms('sent', 'Expired'), 'failed'],
    ['Success', sms('delivered', 'Success'), 'delivered'],
  ])('%s → %s', (_name, view, outcome) => {
    expect(smsOutcome(view)).toBe(outcome);
  });
});

describe('nextPicksDeliveryStep (docs/PRODUCT-RULES.md R220–R224)', () => {
  const now = at('2026-11-23T09:05:00Z');
  const base: PicksDeliveryView = {
    state: 'sent',
    dueAt: at('2026-11-23T09:06:00Z'),
    firstKickoffAt: at('2026-11-23T12:00:00Z'),
    resent: false,
  };
  const ch = (first: string, resend: string | null = null, emailSent = false) =>
    ({ first, resend, emailSent }) as never;

  it.each<[string, Partial<PicksDeliveryView>, ReturnType<typeof ch>, Date, string]>([
    ['queued, accepted → mark-sent', { state: 'queued' }, ch('accepted'), now, 'mark-sent'],
    ['queued, still queued → none', { state: 'queued' }, ch('pending'), now, 'none'],
    ['sent, waiting → none', {}, ch('accepted'), now, 'none'],
    ['sent, reported failed → failed', {}, ch('failed'), now, 'failed'],
    ['sent, past due → failed', {}, ch('accepted'), at('2026-11-23T09:06:00Z'), 'failed'],
    [
      'queued, past due (AT never accepted) → failed',
      { state: 'queued' },
      ch('pending'),
      at('2026-11-23T09:07:00Z'),
      'failed',
    ],
    ['failed, not re-sent → resend', { state: 'failed' }, ch('failed'), now, 'resend'],
    [
      'failed after the re-send → fallback',
      { state: 'failed', resent: true },
      ch('failed', 'failed'),
      now,
      'fallback',
    ],
    [
      'resent, waiting → none',
      { state: 'resent', resent: true },
      ch('failed', 'accepted'),
      now,
      'none',
    ],
    [
      'resent, re-send failed → failed',
      { state: 'resent', resent: true },
      ch('failed', 'failed'),
      now,
      'failed',
    ],
    [
      'resent, re-send past due → failed',
      { state: 'resent', resent: true },
      ch('failed', 'pending'),
      at('2026-11-23T09:06:00Z'),
      'failed',
    ],
    [
      'resent, re-send delivered → delivered',
      { state: 'resent', resent: true },
      ch('failed', 'delivered'),
      now,
      'delivered',
    ],
    [
      'resent, the first arrived late → delivered',
      { state: 'resent', resent: true },
      ch('delivered', 'accepted'),
      now,
      'delivered',
    ],
    [
      'fallback-notified, waiting → none',
      { state: 'fallback-notified', resent: true },
      ch('failed', 'failed'),
      now,
      'none',
    ],
    [
      'fallback-notified, kick-off → undelivered',
      { state: 'fallback-notified', resent: true },
      ch('failed', 'failed'),
      at('2026-11-23T12:00:00Z'),
      'undelivered',
    ],
    [
      'sent, kick-off → undelivered (nothing goes out after kick-off)',
      {},
      ch('accepted'),
      at('2026-11-23T12:00:01Z'),
      'undelivered',
    ],
    [
      'kick-off, picks e-mail went out → close',
      { state: 'fallback-notified', resent: true },
      ch('failed', 'failed', true),
      at('2026-11-23T12:30:00Z'),
      'close',
    ],
    [
      'kick-off, delivered meanwhile → delivered',
      { state: 'fallback-notified', resent: true },
      ch('failed', 'delivered'),
      at('2026-11-23T12:30:00Z'),
      'delivered',
    ],
    [
      'unknown kick-off never undelivered',
      { state: 'fallback-notified', resent: true, firstKickoffAt: null },
      ch('failed', 'failed'),
      at('2027-01-01T00:00:00Z'),
      'none',
    ],
    ['delivered stays', { state: 'delivered' }, ch('failed'), now, 'none'],
    ['undelivered stays', { state: 'undelivered' }, ch('delivered'), now, 'none'],
  ])('%s', (_name, view, channels, when, step) => {
    expect(nextPicksDeliveryStep({ ...base, ...view }, channels, when)).toBe(step);
  });

  it('maps each step to its state', () => {
    expect(
      [
        'mark-sent',
        'delivered',
        'failed',
        'resend',
        'fallback',
        'undelivered',
        'close',
        'none',
      ].map((s) => stateAfter(s as never)),
    ).toEqual([
      'sent',
      'delivered',
      'failed',
      'resent',
      'fallback-notified',
      'undelivered',
      null,
      null,
    ]);
  });
});

describe('fallback texts (docs/PRODUCT-RULES.md R223)', () => {
  it('the SMS names /find_tip with the code and /my-tips, within one SMS', () => {
    const text = fallbackSms(123, 'K7QX2M9P', 'https://tips.example.co.ke');
    expect(text).toContain('https://tips.example.co.ke/find_tip');
    expect(text).toContain('K7QX2M9P');
    expect(text).toContain('https://tips.example.co.ke/my-tips');
    expect(text.length).toBeLessThanOrEqual(160);
  });

  it('the e-mail carries the find-again line and /my-tips, HTML escaped', () => {
    const mail = fallbackEmail(
      9,
      'Find it again: https://x.ng/find_tip_ng?tx_ref=a%26b with your e-mail and reference a&b',
      'https://x.ng',
    );
    expect(mail.text).toContain('/find_tip_ng?tx_ref=a%26b');
    expect(mail.text).toContain('https://x.ng/my-tips');
    expect(mail.html).toContain('reference a&amp;b');
  });
});
