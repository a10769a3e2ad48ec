import { AppConfig } from './app-config';
import { publicUrlPortWarning, validateEnv } from './env';

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

  it('defaults PUBLIC_URL to http://localhost:$PORT, so PORT alone moves every callback and link', () => {
    expect(validateEnv({}).PUBLIC_URL).toBe('http://localhost:3000');
    expect(validateEnv({ PORT: '3101' }).PUBLIC_URL).toBe('http://localhost:3101');
    expect(validateEnv({ PORT: '3101', PUBLIC_URL: '' }).PUBLIC_URL).toBe('http://localhost:3101');
    expect(validateEnv({ PORT: '3101', PUBLIC_URL: 'https://tips.example.com' }).PUBLIC_URL).toBe('https://tips.example.com');
    const config = AppConfig.fromEnv(validateEnv({ PORT: '3101' }));
    expect(config.mpesa.baseUrl).toBe('http://localhost:3101/sandbox/daraja');
    expect(config.flutterwave.baseUrl).toBe('http://localhost:3101/sandbox/flutterwave');
    expect(config.africasTalking.baseUrl).toBe('http://localhost:3101/sandbox/africastalking');
    expect(config.avatarStorage.s3.endpoint).toBe('http://localhost:3101/sandbox/s3');
  });

  it('still refuses a PUBLIC_URL that is not an origin', () => {
    expect(() => validateEnv({ PUBLIC_URL: 'localhost:3000' })).toThrow(/PUBLIC_URL:/);
    expect(() => validateEnv({ PUBLIC_URL: 'http://localhost:3000/app' })).toThrow(/PUBLIC_URL:/);
  });
});

describe(publicUrlPortWarning.name, () => {
  const warn = (raw: Record<string, string>) => publicUrlPortWarning(validateEnv(raw));

  it('says nothing when PUBLIC_URL is unset or on PORT', () => {
    expect(warn({})).toBeNull();
    expect(warn({ PORT: '3101' })).toBeNull();
    expect(warn({ PORT: '3101', PUBLIC_URL: 'http://127.0.0.1:3101' })).toBeNull();
    expect(warn({ PORT: '80', PUBLIC_URL: 'http://tips.local' })).toBeNull();
    expect(warn({ PORT: '443', PUBLIC_URL: 'https://tips.local' })).toBeNull();
  });

  it('names both values when the ports differ while the sandboxes are on', () => {
    const message = warn({ PORT: '3101', PUBLIC_URL: 'http://localhost:3000' });
    expect(message).toContain('PUBLIC_URL http://localhost:3000');
    expect(message).toContain('PORT 3101');
    expect(warn({ PORT: '3000', PUBLIC_URL: 'https://tips.example.com' })).toContain('(port 443) differs from PORT 3000');
  });

  it('says nothing when the sandboxes are off or the process serves no HTTP', () => {
    expect(warn({ PORT: '3101', PUBLIC_URL: 'http://localhost:3000', SANDBOX_ENABLED: 'false' })).toBeNull();
    expect(warn({ PORT: '3101', PUBLIC_URL: 'http://localhost:3000', ROLE: 'worker' })).toBeNull();
    const production = { ...validateEnv({}), NODE_ENV: 'production' as const, PORT: 3101, PUBLIC_URL: 'https://tips.example.com' };
    expect(publicUrlPortWarning(production)).toBeNull();
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
    // PUBLIC_URL is listed empty: its default follows PORT.
    for (const [name, value] of listed) {
      expect({ name, value }).toEqual({ name, value: name === 'PUBLIC_URL' ? '' : String(defaults[name]) });
    }
    expect(validateEnv(Object.fromEntries(listed)).PUBLIC_URL).toBe(`http://localhost:${listed.get('PORT')}`);
  });
});
