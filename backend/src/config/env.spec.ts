import { PRODUCTION_ENV } from '../../test/setup/production-env';
import { AppConfig } from './app-config';
import { DEV_LOG_SIGNING_KEY, parseTrustProxy, publicUrlPortWarning, validateEnv } from './env';

/** The configuration error message of `env`, or '' when it is accepted. */
const problemsOf = (env: Record<string, string>): string => {
  try {
    validateEnv(env);
    return '';
  } catch (err) {
    return (err as Error).message;
  }
};

describe('validateEnv', () => {
  it('fills every default from an empty environment', () => {
    const env = validateEnv({});
    expect(env).toMatchObject({
      PORT: 3000,
      ROLE: 'all',
      FOOTBALL_DATA_DIR: 'data/football',
      SANDBOX_AUTO_ACCEPT: false,
    });
    expect(env.DATABASE_URL).toMatch(/^postgres:\/\//);
  });

  it('parses numbers and booleans from strings', () => {
    const env = validateEnv({ PORT: '3100', SANDBOX_AUTO_ACCEPT: '1', ROLE: 'worker' });
    expect(env).toMatchObject({ PORT: 3100, SANDBOX_AUTO_ACCEPT: true, ROLE: 'worker' });
  });

  it('names every bad variable at once, never echoing its value', () => {
    let message = '';
    try {
      validateEnv({
        PORT: 'eighty',
        ROLE: 'cron',
        DATABASE_URL: 'mysql://secret-pass@db/x',
        REPLAY_ANCHOR: '20/04/2026',
      });
    } catch (err) {
      message = (err as Error).message;
    }
    for (const name of ['PORT', 'ROLE', 'DATABASE_URL', 'REPLAY_ANCHOR'])
      expect(message).toContain(`${name}:`);
    expect(message).not.toContain('secret-pass');
  });

  it('refuses development secrets, the replay anchor and sandbox URLs in production', () => {
    expect(() => validateEnv({ NODE_ENV: 'production' })).toThrow(
      /JWT_ACCESS_SECRET[\s\S]*REPLAY_ANCHOR[\s\S]*MPESA_BASE_URL/,
    );
  });

  it('accepts a production environment with live values', () => {
    expect(problemsOf(PRODUCTION_ENV)).toBe('');
  });

  it.each([
    ['MPESA_BASE_URL', 'https://tips.example/sandbox/daraja'],
    ['MPESA_BASE_URL', 'https://sandbox.safaricom.co.ke'],
    ['FLW_BASE_URL', 'https://tips.example/sandbox/flutterwave'],
    ['AT_BASE_URL', 'https://tips.example/sandbox/africastalking'],
    ['AT_BASE_URL', 'https://api.sandbox.africastalking.com'],
    ['SANDBOX_AUTO_ACCEPT', '1'],
    ['MPESA_CONSUMER_KEY', 'sandbox-consumer-key'],
    ['MPESA_CONSUMER_SECRET', 'sandbox-consumer-secret'],
    ['MPESA_PASSKEY', 'bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919'],
    ['MPESA_SHORTCODE', '174379'],
    ['MPESA_SECURITY_CREDENTIAL', 'sandbox-security-credential'],
    ['FLW_SECRET_KEY', 'FLWSECK_TEST-0123456789abcdef-X'],
    ['AT_USERNAME', 'sandbox'],
    ['AT_API_KEY', 'sandbox-at-api-key'],
    ['LOG_SIGNING_KEY', DEV_LOG_SIGNING_KEY],
    ['TSA_URL', ''],
    ['TSA_URL', 'https://tips.example/sandbox/tsa'],
  ])('refuses %s=%s in production, naming the variable', (name, value) => {
    const message = problemsOf({ ...PRODUCTION_ENV, [name]: value });
    expect(message).toMatch(new RegExp(`^  - ${name}: `, 'm'));
    // Only that variable is named.
    expect(message.split('\n').filter((l) => l.startsWith('  - '))).toHaveLength(1);
  });

  it('accepts the same sandbox values outside production', () => {
    expect(
      problemsOf({
        MPESA_BASE_URL: 'https://sandbox.safaricom.co.ke',
        SANDBOX_AUTO_ACCEPT: '1',
        FLW_SECRET_KEY: 'FLWSECK_TEST-x',
      }),
    ).toBe('');
  });

  it('reads TRUST_PROXY as addresses, CIDR ranges or range names; empty trusts no proxy', () => {
    expect(parseTrustProxy('')).toEqual([]);
    expect(parseTrustProxy(' 10.0.0.1, 172.16.0.0/12 ,fd00::/8,loopback')).toEqual([
      '10.0.0.1',
      '172.16.0.0/12',
      'fd00::/8',
      'loopback',
    ]);
    for (const bad of ['true', '*', '2', '10.0.0.0/33', 'proxy.example', '10.0.0.1/8/1']) {
      expect(problemsOf({ TRUST_PROXY: bad })).toMatch(/^  - TRUST_PROXY: /m);
    }
  });

  it('reads CORS_ORIGINS as origins and refuses a URL with a path', () => {
    expect(
      AppConfig.fromEnv(
        validateEnv({ CORS_ORIGINS: 'https://tips.example, http://localhost:5173/' }),
      ).corsOrigins,
    ).toEqual(['https://tips.example', 'http://localhost:5173']);
    expect(
      AppConfig.fromEnv(validateEnv({ PUBLIC_URL: 'http://127.0.0.1:4100' })).corsOrigins,
    ).toEqual(['http://127.0.0.1:4100']);
    expect(problemsOf({ CORS_ORIGINS: 'https://tips.example/app' })).toMatch(
      /^  - CORS_ORIGINS: /m,
    );
    expect(problemsOf({ CORS_ORIGINS: '*' })).toMatch(/^  - CORS_ORIGINS: /m);
  });

  it('accepts an empty REPLAY_ANCHOR (real time)', () => {
    expect(validateEnv({ REPLAY_ANCHOR: '' }).REPLAY_ANCHOR).toBe('');
  });

  it('defaults PUBLIC_URL to http://localhost:$PORT, so PORT alone moves every callback and link', () => {
    expect(validateEnv({}).PUBLIC_URL).toBe('http://localhost:3000');
    expect(validateEnv({ PORT: '3101' }).PUBLIC_URL).toBe('http://localhost:3101');
    expect(validateEnv({ PORT: '3101', PUBLIC_URL: '' }).PUBLIC_URL).toBe('http://localhost:3101');
    expect(validateEnv({ PORT: '3101', PUBLIC_URL: 'https://tips.example.com' }).PUBLIC_URL).toBe(
      'https://tips.example.com',
    );
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
    expect(warn({ PORT: '3000', PUBLIC_URL: 'https://tips.example.com' })).toContain(
      '(port 443) differs from PORT 3000',
    );
  });

  it('says nothing when the sandboxes are off or the process serves no HTTP', () => {
    expect(
      warn({ PORT: '3101', PUBLIC_URL: 'http://localhost:3000', SANDBOX_ENABLED: 'false' }),
    ).toBeNull();
    expect(warn({ PORT: '3101', PUBLIC_URL: 'http://localhost:3000', ROLE: 'worker' })).toBeNull();
    const production = {
      ...validateEnv({}),
      NODE_ENV: 'production' as const,
      PORT: 3101,
      PUBLIC_URL: 'https://tips.example.com',
    };
    expect(publicUrlPortWarning(production)).toBeNull();
  });
});

describe(AppConfig.name, () => {
  it("points providers at this server's sandboxes unless a base URL is set", () => {
    const config = AppConfig.fromEnv(
      validateEnv({
        PUBLIC_URL: 'http://127.0.0.1:4100',
        FLW_BASE_URL: 'https://api.flutterwave.com',
      }),
    );
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
      expect({ name, value }).toEqual({
        name,
        value: name === 'PUBLIC_URL' ? '' : String(defaults[name]),
      });
    }
    expect(validateEnv(Object.fromEntries(listed)).PUBLIC_URL).toBe(
      `http://localhost:${listed.get('PORT')}`,
    );
  });
});
