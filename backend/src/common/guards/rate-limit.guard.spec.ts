import { rateLimitTracker } from './rate-limit.guard';

describe('rateLimitTracker', () => {
  const user = { id: 9, username: 'u', role: 'user' as const, sessionId: null };

  it('counts per IP, e-mail (case-insensitive), both, or user', () => {
    expect(rateLimitTracker('ip', { ip: '10.0.0.1' })).toBe('ip:10.0.0.1');
    expect(rateLimitTracker('email', { ip: '10.0.0.1', body: { email: ' Jo@Example.COM ' } })).toBe('email:jo@example.com');
    expect(rateLimitTracker('ip+email', { ip: '10.0.0.1', body: { email: 'a@b.co' } })).toBe('ip:10.0.0.1|email:a@b.co');
    expect(rateLimitTracker('user', { ip: '10.0.0.1', user })).toBe('user:9');
  });

  it('falls back to the IP when there is no e-mail or user', () => {
    expect(rateLimitTracker('email', { ip: '10.0.0.2', body: {} })).toBe('ip:10.0.0.2');
    expect(rateLimitTracker('email', { ip: '10.0.0.2', body: { email: 42 } })).toBe('ip:10.0.0.2');
    expect(rateLimitTracker('user', { ip: '10.0.0.3' })).toBe('ip:10.0.0.3');
  });

  it('groups an IPv6 client by its /64', () => {
    expect(rateLimitTracker('ip', { ip: '2001:db8:1:2:aaaa::1' })).toBe(rateLimitTracker('ip', { ip: '2001:db8:1:2:bbbb::9' }));
  });
});
