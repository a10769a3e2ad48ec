import { AppConfig } from './app-config';
import { validateEnv } from './env';

describe('validateEnv', () => {
  it('fills every default from an empty environment', () => {
    const env = validateEnv({});
    expect(env).toMatchObject({ PORT: 3000, ROLE: 'all', FOOTBALL_DATA_DIR: 'data/football', SANDBOX_AUTO_ACCEPT: false });
    expect(env.DATABASE_URL).toMatch(/^postgres:\/\//);
  });

  it('parses numbers and booleans from strings', () => {
    const env = validateEnv({ PORT: '3100', SANDBOX_AUTO_ACCEPT: '1', ROLE: 'worker' });
    expect(env).toMatchObject({ PORT: 3100, SANDBOX_AUTO_ACCEPT: true, ROLE: 'worker' });
  });

  it('names every bad variable at once, never echoing its value', () => {
    let message = '';
    try {
      validateEnv({ PORT: 'eighty', ROLE: 'cron', DATABASE_URL: 'mysql://secret-pass@db/x', REPLAY_ANCHOR: '20/04/2026' });
    } catch (err) {
      message = (err as Error).message;
    }
    for (const name of ['PORT', 'ROLE', 'DATABASE_URL', 'REPLAY_ANCHOR']) expect(message).toContain(`${name}:`);
    expect(message).not.toContain('secret-pass');
  });

  it('refuses development secrets, the replay anchor and sandbox URLs in production', () => {
    expect(() => validateEnv({ NODE_ENV: 'production' })).toThrow(
      /JWT_ACCESS_SECRET[\s\S]*REPLAY_ANCHOR[\s\S]*MPESA_BASE_URL/,
    );
  });

  it('accepts an empty REPLAY_ANCHOR (real time)', () => {
    expect(validateEnv({ REPLAY_ANCHOR: '' }).REPLAY_ANCHOR).toBe('');
  });
});

describe(AppConfig.name, () => {
  it('points providers at this server\'s sandboxes unless a base URL is set', () => {
    const config = AppConfig.fromEnv(validateEnv({ PUBLIC_URL: 'http://127.0.0.1:4100', FLW_BASE_URL: 'https://api.flutterwave.com' }));
    expect(config.mpesa.baseUrl).toBe('http://127.0.0.1:4100/sandbox/daraja');
    expect(config.africasTalking.baseUrl).toBe('http://127.0.0.1:4100/sandbox/africastalking');
    expect(config.flutterwave.baseUrl).toBe('https://api.flutterwave.com');
  });

  it('resolves FOOTBALL_DATA_DIR from the repository root and keeps URLs', () => {
    expect(AppConfig.fromEnv(validateEnv({})).footballDataDir).toMatch(/\/data\/football$/);
    const url = 'https://www.football-data.co.uk/mmz4281/2526/E0.csv';
    expect(AppConfig.fromEnv(validateEnv({ FOOTBALL_DATA_DIR: url })).footballDataDir).toBe(url);
  });
});

describe('.env.example', () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { readFileSync } = require('fs') as typeof import('fs');
  const { join } = require('path') as typeof import('path');
  const { REPO_ROOT } = require('./app-config') as typeof import('./app-config');
  const listed = new Map(
    readFileSync(join(REPO_ROOT, '.env.example'), 'utf8')
      .split('\n')
      .filter((l) => /^[A-Z][A-Z0-9_]*=/.test(l))
      .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)] as [string, string]),
  );

  it('lists every variable with the default npm start uses', () => {
    const defaults = validateEnv({}) as unknown as Record<string, unknown>;
    expect([...listed.keys()].sort()).toEqual(Object.keys(defaults).sort());
    for (const [name, value] of listed) expect({ name, value }).toEqual({ name, value: String(defaults[name]) });
  });
});
