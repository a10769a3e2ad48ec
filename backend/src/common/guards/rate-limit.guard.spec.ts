import { minutesText, rateLimitTracker } from './rate-limit.guard';

describe('rateLimitTracker', () => {
  const user = { id: 9, username: 'u', role: 'user' as const, sessionId: null };

  it('counts per address, e-mail (case-insensitive), both, phone, device or user', () => {
    expect(rateLimitTracker('address', { ip: '10.0.0.1' })).toBe('ip:10.0.0.1');
    expect(rateLimitTracker('email', { ip: '10.0.0.1', body: { email: ' Jo@Example.COM ' } })).toBe(
      'email:jo@example.com',
    );
    expect(rateLimitTracker('address+email', { ip: '10.0.0.1', body: { email: 'a@b.co' } })).toBe(
      'ip:10.0.0.1|email:a@b.co',
    );
    expect(rateLimitTracker('user', { ip: '10.0.0.1', user })).toBe('user:9');
    expect(rateLimitTracker('device', { cookies: { device: 'AAAAAAAAAAAAAAAAAAAAAA' } })).toBe(
      'device:AAAAAAAAAAAAAAAAAAAAAA',
    );
  });

  it('reads a phone as MSISDN from the body, a route parameter or a query parameter', () => {
    expect(rateLimitTracker('phone', { body: { phone: '0712 345 678' } })).toBe(
      'phone:254712345678',
    );
    expect(rateLimitTracker('phone', { body: { phone: 712345678 } })).toBe('phone:254712345678');
    expect(
      rateLimitTracker('phone', { body: { phone_number: '0712345678' } }, { body: 'phone_number' }),
    ).toBe('phone:254712345678');
    expect(
      rateLimitTracker('phone', { params: { phone: '%2B254712345678' } }, { param: 'phone' }),
    ).toBe('phone:254712345678');
    expect(
      rateLimitTracker('phone', { query: { phone: '+254712345678' } }, { query: 'phone' }),
    ).toBe('phone:254712345678');
    // A repeated query parameter (an array) is not a phone: not counted by this key (the address limit still is).
    expect(
      rateLimitTracker(
        'phone',
        { query: { phone: ['0712345678', '0712345679'] } },
        { query: 'phone' },
      ),
    ).toBe('');
    // Not a Kenyan number: counted as written (without spaces), so a malformed one cannot dodge the limit.
    expect(rateLimitTracker('phone', { body: { phone: '07 12' } })).toBe('phone:0712');
  });

  it('does not count a request without the value (then the key skips it)', () => {
    expect(rateLimitTracker('email', { ip: '10.0.0.2', body: {} })).toBe('');
    expect(rateLimitTracker('email', { ip: '10.0.0.2', body: { email: 42 } })).toBe('');
    expect(rateLimitTracker('address+email', { ip: '10.0.0.2' })).toBe('');
    expect(rateLimitTracker('phone', { body: { phone: { $ne: 1 } } })).toBe('');
    expect(rateLimitTracker('device', { cookies: { device: 'chosen-by-the-client' } })).toBe('');
    expect(rateLimitTracker('user', { ip: '10.0.0.3' })).toBe('');
  });

  it('groups an IPv6 client by its /64', () => {
    expect(rateLimitTracker('address', { ip: '2001:db8:1:2:aaaa::1' })).toBe(
      rateLimitTracker('address', { ip: '2001:db8:1:2:bbbb::9' }),
    );
  });
});

describe('minutesText', () => {
  it('rounds up to whole minutes, at least one', () => {
    expect(minutesText(1)).toBe('1 minute');
    expect(minutesText(61)).toBe('2 minutes');
    expect(minutesText(600)).toBe('10 minutes');
  });
});
