import { plainToInstance, Transform } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Matches,
  Max,
  Min,
  MaxLength,
  MinLength,
  validateSync,
  ValidateIf,
} from 'class-validator';
import { isIP } from 'net';

const toBool = ({ value }: { value: unknown }): unknown =>
  value === undefined || value === ''
    ? undefined
    : ['1', 'true', 'yes', 'on'].includes(String(value).toLowerCase())
      ? true
      : ['0', 'false', 'no', 'off'].includes(String(value).toLowerCase())
        ? false
        : value;
const toInt = ({ value }: { value: unknown }): unknown =>
  value === undefined || value === ''
    ? undefined
    : /^-?\d+$/.test(String(value))
      ? Number(value)
      : value;

export const ROLES = ['api', 'worker', 'all'] as const;
export type ProcessRole = (typeof ROLES)[number];

/** Dev-only secrets: refused when NODE_ENV=production (see validateEnv). */
export const DEV_SECRET_PREFIX = 'dev-only-';
/** The transparency log's development signing key (public in the repository): refused in production. */
export const DEV_LOG_SIGNING_KEY =
  'PRIVATE+KEY+localhost/tipske-log+cc63115c+AfrzthbG4tr0eyWnUArwq9X/gF6azJx9/7Pj50aTz8mv';

/** Safaricom's public Daraja test passkey (shortcode 174379): a sandbox credential. */
export const DARAJA_SANDBOX_PASSKEY =
  'bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919';

/**
 * Every environment variable the marketplace reads, with the default `npm start` uses.
 * `.env.example` lists the same names and values; keep the two in step.
 */
export class EnvVars {
  @IsIn(['development', 'production', 'test']) NODE_ENV: 'development' | 'production' | 'test' =
    'development';
  @Transform(toInt) @IsInt() @Min(1) @Max(65535) PORT = 3000;
  @IsIn(ROLES) ROLE: ProcessRole = 'all';
  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']) LOG_LEVEL = 'info';
  /**
   * Public origin of this server: provider callback URLs, the sandboxes' base URL, links in e-mails
   * and SMS, sitemap, avatars. Empty (the default) = `http://localhost:$PORT` (see validateEnv).
   */
  @ValidateIf((_, v) => v !== '')
  @Matches(/^https?:\/\/[^\s/]+(:\d+)?$/, {
    message:
      'PUBLIC_URL must be an origin like http://localhost:3000, or empty for http://localhost:$PORT',
  })
  PUBLIC_URL = '';

  @Matches(/^postgres(ql)?:\/\/\S+$/, { message: 'DATABASE_URL must be a postgres:// URL' })
  DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/tips';
  @Matches(/^rediss?:\/\/\S+$/, { message: 'REDIS_URL must be a redis:// URL' })
  REDIS_URL = 'redis://127.0.0.1:6379';
  /** Key prefix for BullMQ queues and caches; tests use one per test file. */
  @Matches(/^[A-Za-z0-9_-]+$/) REDIS_PREFIX = 'tips';

  /** Folder (or http(s) URL of one CSV file) with football-data.co.uk files. Relative paths are from the repository root. */
  @IsString() @MinLength(1) FOOTBALL_DATA_DIR = 'data/football';
  /** A date inside the data mapped onto today (replay clock); empty = real time (production). */
  @IsOptional()
  @ValidateIf((_, v) => v !== '')
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'REPLAY_ANCHOR must be YYYY-MM-DD or empty' })
  REPLAY_ANCHOR = '2026-04-20';

  @Transform(toBool) @IsBoolean() SANDBOX_ENABLED = true;
  @Transform(toBool) @IsBoolean() SANDBOX_AUTO_ACCEPT = false;

  @IsString() @MinLength(16) JWT_ACCESS_SECRET = `${DEV_SECRET_PREFIX}access-secret-change-me`;
  @IsString() @MinLength(16) JWT_REFRESH_SECRET = `${DEV_SECRET_PREFIX}refresh-secret-change-me`;
  @Transform(toInt) @IsInt() @Min(60) JWT_ACCESS_TTL_SECONDS = 900;
  @Transform(toInt) @IsInt() @Min(3600) JWT_REFRESH_TTL_SECONDS = 2_592_000;

  /**
   * Addresses of the reverse proxies whose X-Forwarded-For is believed (comma-separated IPs or
   * CIDRs, or loopback / linklocal / uniquelocal); empty = none: the client address is the socket's.
   */
  @IsString() TRUST_PROXY = '';
  /** Origins a browser may call the API from with credentials (comma-separated); empty = PUBLIC_URL only. */
  @IsString() CORS_ORIGINS = '';

  /** Daraja (M-Pesa). Defaults point at the local sandbox with Safaricom's public test shortcode and passkey. */
  /** Empty = this server's sandbox at PUBLIC_URL/sandbox/daraja (refused in production). */
  @ValidateIf((_, v) => v !== '')
  @Matches(/^https?:\/\/\S+$/, { message: 'MPESA_BASE_URL must be an http(s) URL or empty' })
  MPESA_BASE_URL = '';
  @IsString() @MinLength(1) MPESA_CONSUMER_KEY = 'sandbox-consumer-key';
  @IsString() @MinLength(1) MPESA_CONSUMER_SECRET = 'sandbox-consumer-secret';
  @Matches(/^\d{5,7}$/) MPESA_SHORTCODE = '174379';
  @IsString() @MinLength(1) MPESA_PASSKEY = DARAJA_SANDBOX_PASSKEY;
  @IsIn(['CustomerPayBillOnline', 'CustomerBuyGoodsOnline']) MPESA_TRANSACTION_TYPE:
    'CustomerPayBillOnline' | 'CustomerBuyGoodsOnline' = 'CustomerPayBillOnline';
  /** Secret path segment of the STK callback URL (Daraja signs nothing: docs/PROVIDERS.md §1.10). */
  @Matches(/^[A-Za-z0-9_-]{16,}$/) MPESA_CALLBACK_TOKEN = 'dev-only-stk-callback-token';
  @Matches(/^\d{5,7}$/) MPESA_B2C_SHORTCODE = '600992';
  @IsString() @MinLength(1) MPESA_INITIATOR_NAME = 'testapi';
  @IsString() @MinLength(1) MPESA_SECURITY_CREDENTIAL = 'sandbox-security-credential';
  /** Paybill (Daraja C2B) business number buyers pay to (docs/PROVIDERS.md "Daraja C2B"); the sandbox's by default. */
  @Matches(/^\d{5,7}$/) MPESA_PAYBILL = '600984';
  /** Register URL endpoint version for `c2b:register` (Safaricom's documents disagree: v1 or v2). */
  @IsIn(['v1', 'v2']) MPESA_C2B_REGISTER_VERSION: 'v1' | 'v2' = 'v2';
  /** What Daraja does with a payment when our ValidationURL does not answer. */
  @IsIn(['Completed', 'Cancelled']) MPESA_C2B_RESPONSE_TYPE: 'Completed' | 'Cancelled' =
    'Completed';
  /** True once Safaricom enabled external validation for MPESA_PAYBILL (the sandbox then sends it too). */
  @Transform(toBool) @IsBoolean() MPESA_C2B_VALIDATION = false;
  /**
   * Reconciliation by STK query (docs/PRODUCT-RULES.md R190-R192): a pending M-Pesa purchase is
   * first asked about this many seconds after its STK push (Daraja: ~60-90 s with no callback).
   */
  @Transform(toInt) @IsInt() @Min(30) @Max(3600) MPESA_QUERY_AFTER_SECONDS = 90;
  /** First wait (s) before asking again about a purchase still pending; doubled per attempt, at most 10 minutes. */
  @Transform(toInt) @IsInt() @Min(5) @Max(600) RECONCILE_RETRY_SECONDS = 30;
  /** Attempts before reconciliation stops asking until the purchase's expiry (30 minutes after the push). */
  @Transform(toInt) @IsInt() @Min(1) @Max(50) RECONCILE_MAX_ATTEMPTS = 6;

  /** Flutterwave v3 (Nigeria NGN, Uganda UGX). */
  /** Empty = this server's sandbox at PUBLIC_URL/sandbox/flutterwave (refused in production). */
  @ValidateIf((_, v) => v !== '')
  @Matches(/^https?:\/\/\S+$/, { message: 'FLW_BASE_URL must be an http(s) URL or empty' })
  FLW_BASE_URL = '';
  @IsString() @MinLength(1) FLW_SECRET_KEY = 'FLWSECK_TEST-sandbox-secret-key-X';
  @IsString() @MinLength(8) FLW_SECRET_HASH = 'dev-only-flw-webhook-hash';

  /** Africa's Talking SMS. */
  /** Empty = this server's sandbox at PUBLIC_URL/sandbox/africastalking (refused in production). */
  @ValidateIf((_, v) => v !== '')
  @Matches(/^https?:\/\/\S+$/, { message: 'AT_BASE_URL must be an http(s) URL or empty' })
  AT_BASE_URL = '';
  @IsString() @MinLength(1) AT_USERNAME = 'sandbox';
  @IsString() @MinLength(1) AT_API_KEY = 'sandbox-at-api-key';
  @IsString() @MinLength(1) AT_SENDER_ID = 'TIPSKE';
  @Matches(/^[A-Za-z0-9_-]{16,}$/) AT_CALLBACK_TOKEN = 'dev-only-at-callback-token';
  /** Seconds a picks SMS may go without a `Success` report before it is re-sent once (docs/PRODUCT-RULES.md R220). */
  @Transform(toInt) @IsInt() @Min(10) @Max(86_400) PICKS_SMS_DELIVERY_TIMEOUT_SECONDS = 120;

  /**
   * Africa's Talking USSD (docs/PROVIDERS.md "Africa's Talking USSD"). The callback URL carries
   * `?key=<USSD_CALLBACK_KEY>`; empty = no key (then USSD_ALLOWED_IPS must be set).
   */
  @ValidateIf((_, v) => v !== '')
  @Matches(/^[A-Za-z0-9_-]{16,}$/, {
    message: 'USSD_CALLBACK_KEY must be 16+ characters of A-Z a-z 0-9 _ - or empty',
  })
  USSD_CALLBACK_KEY = `${DEV_SECRET_PREFIX}ussd-callback-key`;
  /** Addresses AT's USSD gateway calls from (comma-separated IPs or CIDRs); empty = any address. */
  @IsString() USSD_ALLOWED_IPS = '';
  /** The service code buyers dial (the sandbox's shared code by default). */
  @Matches(/^\*\d{2,4}(\*\d{1,6}){0,3}#$/, {
    message: 'USSD_SERVICE_CODE must look like *384*123#',
  })
  USSD_SERVICE_CODE = '*384*123#';
  /** Delay between the USSD session's END and its STK push (ms): a prompt sent while the session is open fails (1001). */
  @Transform(toInt) @IsInt() @Min(0) @Max(120_000) USSD_PUSH_DELAY_MS = 5000;

  /**
   * Retention periods (docs/PRODUCT-RULES.md R270-R273), enforced by the `run-retention` job of the
   * maintenance queue and stated on the privacy page (R275): SMS texts (days; R270, R280), e-mail
   * subjects and bodies (days; R280), buyers' phones and e-mails on purchases (months), registrations
   * never completed (days), and the processes' access logs (days: no table holds them; the
   * deployment's log rotation applies it, R273).
   */
  @Transform(toInt) @IsInt() @Min(1) @Max(3650) RETENTION_SMS_BODY_DAYS = 90;
  @Transform(toInt) @IsInt() @Min(1) @Max(3650) RETENTION_EMAIL_BODY_DAYS = 90;
  @Transform(toInt) @IsInt() @Min(1) @Max(120) RETENTION_PURCHASE_PHONE_MONTHS = 24;
  @Transform(toInt) @IsInt() @Min(1) @Max(3650) RETENTION_ACCESS_LOG_DAYS = 30;
  @Transform(toInt) @IsInt() @Min(1) @Max(3650) RETENTION_ABANDONED_REGISTRATION_DAYS = 30;
  /** The data controller the privacy page names (docs/PRODUCT-RULES.md R275) and where to write to exercise a right. */
  @IsString() @MinLength(1) @MaxLength(200) PRIVACY_CONTROLLER_NAME = 'TipsKE Marketplace';
  @Matches(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, {
    message: 'PRIVACY_CONTACT_EMAIL must be an e-mail address',
  })
  PRIVACY_CONTACT_EMAIL = 'privacy@tips.local';

  /** API-Football v3; empty key = fixtures come from the CSV files. */
  @IsOptional() @IsString() API_FOOTBALL_KEY = '';
  @Matches(/^https?:\/\/\S+$/) API_FOOTBALL_BASE_URL = 'https://v3.football.api-sports.io';

  /** Outgoing e-mail: smtp(s):// URL, or 'sandbox' for the local sandbox mailbox. */
  @Matches(/^(sandbox|smtps?:\/\/\S+)$/) SMTP_URL = 'sandbox';
  @IsString() MAIL_FROM = 'TipsKE <no-reply@tips.local>';

  /** Uploaded files (avatars): a local folder, relative to the repository root. */
  @IsString() @MinLength(1) STORAGE_DIR = '.data/storage';
  /** Where avatars are stored: 'local' (STORAGE_DIR/avatars) or 's3' (an S3-compatible bucket). */
  @IsIn(['local', 's3']) AVATAR_STORAGE: 'local' | 's3' = 'local';
  /** S3-compatible endpoint (MinIO, R2, Spaces...); empty = AWS S3 in production, this server's sandbox otherwise. */
  @ValidateIf((_, v) => v !== '')
  @Matches(/^https?:\/\/\S+$/, { message: 'S3_ENDPOINT must be an http(s) URL or empty' })
  S3_ENDPOINT = '';
  @IsString() @MinLength(1) S3_REGION = 'us-east-1';
  @Matches(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, {
    message: 'S3_BUCKET must be a valid bucket name',
  })
  S3_BUCKET = 'tips-avatars';
  @IsString() @MinLength(1) S3_ACCESS_KEY_ID = 'sandbox-s3-key';
  @IsString() @MinLength(1) S3_SECRET_ACCESS_KEY = 'dev-only-s3-secret';
  /** Path-style URLs (endpoint/bucket/key), which most S3-compatible servers need. */
  @Transform(toBool) @IsBoolean() S3_FORCE_PATH_STYLE = true;

  /**
   * The transparency log's Ed25519 signing key in Go's note format,
   * `PRIVATE+KEY+<origin>+<key id>+<base64 key>` (docs/PRODUCT-RULES.md "Transparency log"); its
   * name is the checkpoints' origin. The default is a development key, refused in production.
   */
  @Matches(/^PRIVATE\+KEY\+[^+\s]+\+[0-9a-f]{8}\+[A-Za-z0-9+/]+={0,2}$/, {
    message: 'LOG_SIGNING_KEY must be PRIVATE+KEY+<origin>+<key id>+<base64 key>',
  })
  LOG_SIGNING_KEY = DEV_LOG_SIGNING_KEY;
  /** RFC 3161 time-stamping authority; empty = this server's sandbox at PUBLIC_URL/sandbox/tsa (refused in production). */
  @ValidateIf((_, v) => v !== '')
  @Matches(/^https?:\/\/\S+$/, { message: 'TSA_URL must be an http(s) URL or empty' })
  TSA_URL = '';

  /** Naira per Kenyan shilling: price_ng and the buy-flw charge (salePrice; docs/PRODUCT-RULES.md, Money). */
  @Matches(/^\d+(\.\d{1,4})?$/) NGN_PER_KSH = '12';
  /**
   * Uganda shillings per Kenyan shilling: price_ug and the buy-flw-ug charge
   * (docs/PRODUCT-RULES.md R6: 30 times the slip price).
   */
  @Transform(toInt) @IsInt() @Min(1) UGX_PER_KSH = 30;
}

/**
 * Validates process environment against EnvVars, gathering every problem first.
 * @throws Error whose message names each bad variable (never its value).
 */
export const validateEnv = (raw: Record<string, unknown>): EnvVars => {
  const defined = Object.fromEntries(Object.entries(raw).filter(([, v]) => v !== undefined));
  const env = plainToInstance(EnvVars, defined, { exposeDefaultValues: true });
  const problems = validateSync(env, { skipMissingProperties: false }).map(
    (e) => `${e.property}: ${Object.values(e.constraints ?? {}).join('; ')}`,
  );
  if (env.NODE_ENV === 'production') {
    for (const key of [
      'JWT_ACCESS_SECRET',
      'JWT_REFRESH_SECRET',
      'MPESA_CALLBACK_TOKEN',
      'FLW_SECRET_HASH',
      'AT_CALLBACK_TOKEN',
      'USSD_CALLBACK_KEY',
    ] as const) {
      if (env[key].startsWith(DEV_SECRET_PREFIX))
        problems.push(`${key}: must be set to a real secret in production`);
    }
    if (env.AVATAR_STORAGE === 's3' && env.S3_SECRET_ACCESS_KEY.startsWith(DEV_SECRET_PREFIX)) {
      problems.push('S3_SECRET_ACCESS_KEY: must be set to a real secret in production');
    }
    if (env.REPLAY_ANCHOR) problems.push('REPLAY_ANCHOR: must be empty in production (real time)');
    for (const key of ['MPESA_BASE_URL', 'FLW_BASE_URL', 'AT_BASE_URL'] as const) {
      if (!env[key])
        problems.push(`${key}: must be the provider's URL in production (sandboxes are off)`);
      else if (isSandboxUrl(env[key]))
        problems.push(`${key}: points at a sandbox; use the provider's live URL in production`);
    }
    if (env.AVATAR_STORAGE === 's3' && env.S3_ENDPOINT && isSandboxUrl(env.S3_ENDPOINT)) {
      problems.push(
        "S3_ENDPOINT: points at a sandbox; use the bucket's live endpoint in production",
      );
    }
    if (env.SANDBOX_AUTO_ACCEPT) problems.push('SANDBOX_AUTO_ACCEPT: must be off in production');
    if (env.LOG_SIGNING_KEY === DEV_LOG_SIGNING_KEY)
      problems.push("LOG_SIGNING_KEY: is the development key; set the log's own key in production");
    if (!env.TSA_URL)
      problems.push(
        "TSA_URL: must be a time-stamping authority's URL in production (sandboxes are off)",
      );
    else if (isSandboxUrl(env.TSA_URL))
      problems.push(
        'TSA_URL: points at a sandbox; use a real time-stamping authority in production',
      );
    problems.push(
      ...sandboxCredentials(env).map(
        (key) => `${key}: is the sandbox's value; set the live one in production`,
      ),
    );
  }
  const ussdIps = parseIpList(env.USSD_ALLOWED_IPS);
  if (typeof ussdIps === 'string') problems.push(`USSD_ALLOWED_IPS: ${ussdIps}`);
  else if (!env.USSD_CALLBACK_KEY && !ussdIps.length)
    problems.push(
      'USSD_CALLBACK_KEY: set it, or USSD_ALLOWED_IPS (the USSD callback must be authenticated)',
    );
  const trust = parseTrustProxy(env.TRUST_PROXY);
  if (typeof trust === 'string') problems.push(`TRUST_PROXY: ${trust}`);
  const origins = parseOrigins(env.CORS_ORIGINS);
  if (typeof origins === 'string') problems.push(`CORS_ORIGINS: ${origins}`);
  if (problems.length) {
    throw new Error(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
  }
  if (!env.PUBLIC_URL) env.PUBLIC_URL = defaultPublicUrl(env.PORT);
  return env;
};

/**
 * True when `url` is a provider sandbox: a `sandbox` label in the host (sandbox.safaricom.co.ke,
 * api.sandbox.africastalking.com) or a `sandbox` segment in the path (this server's /sandbox/...).
 */
export const isSandboxUrl = (url: string): boolean => {
  try {
    const u = new URL(url);
    return (
      u.hostname.toLowerCase().split('.').includes('sandbox') ||
      u.pathname.toLowerCase().split('/').includes('sandbox')
    );
  } catch {
    return false;
  }
};

/**
 * Provider credentials of `env` that are sandbox values (the defaults `npm start` uses, Safaricom's
 * public test passkey and shortcodes, Flutterwave test keys, Africa's Talking's `sandbox` app):
 * none of them can take real money or send a real SMS, so production refuses each by name.
 */
export const sandboxCredentials = (env: EnvVars): (keyof EnvVars)[] => {
  const defaults = new EnvVars();
  const sameAsDefault = (
    [
      'MPESA_CONSUMER_KEY',
      'MPESA_CONSUMER_SECRET',
      'MPESA_SHORTCODE',
      'MPESA_B2C_SHORTCODE',
      'MPESA_INITIATOR_NAME',
      'MPESA_SECURITY_CREDENTIAL',
      'AT_API_KEY',
    ] as const
  ).filter((key) => env[key] === defaults[key]);
  const found: (keyof EnvVars)[] = [...sameAsDefault];
  if (env.MPESA_PASSKEY === DARAJA_SANDBOX_PASSKEY) found.push('MPESA_PASSKEY');
  if (/^FLWSECK_TEST/i.test(env.FLW_SECRET_KEY)) found.push('FLW_SECRET_KEY');
  if (env.AT_USERNAME.trim().toLowerCase() === 'sandbox') found.push('AT_USERNAME');
  if (env.AVATAR_STORAGE === 's3' && env.S3_ACCESS_KEY_ID === defaults.S3_ACCESS_KEY_ID)
    found.push('S3_ACCESS_KEY_ID');
  return found;
};

/** proxy-addr's names for address ranges, accepted in TRUST_PROXY. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/**
 * TRUST_PROXY as Fastify's `trustProxy` list: IPs, CIDRs (`10.0.0.0/8`, `fd00::/8`) or the names
 * loopback / linklocal / uniquelocal. Empty → [] (trust no proxy). Returns the problem as a string
 * when an entry is none of these (`true`, `*` and hop counts are refused: they would make every
 * client's X-Forwarded-For its address).
 */
export const parseTrustProxy = (text: string): string[] | string => {
  const entries = text
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  for (const entry of entries) {
    if (PROXY_RANGE_NAMES.includes(entry)) continue;
    const [address, prefix, ...rest] = entry.split('/');
    const family = isIP(address);
    const bits = family === 4 ? 32 : 128;
    const prefixOk = prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= bits);
    if (!family || !prefixOk || rest.length) {
      return `'${entry.slice(0, 60)}' is not an IP address, a CIDR range or one of ${PROXY_RANGE_NAMES.join(', ')} (list the proxies' addresses, comma-separated)`;
    }
  }
  return entries;
};

/**
 * CORS_ORIGINS as a list of origins (`https://tips.example`, no path). Empty → [] (the caller
 * uses PUBLIC_URL). Returns the problem as a string when an entry is not an origin.
 */
export const parseOrigins = (text: string): string[] | string => {
  const entries = text
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  for (const entry of entries) {
    let origin = '';
    try {
      origin = new URL(entry).origin;
    } catch {
      origin = '';
    }
    if (!/^https?:\/\//.test(entry) || origin !== entry.replace(/\/$/, '')) {
      return `'${entry.slice(0, 60)}' is not an origin like https://tips.example (scheme, host and port only)`;
    }
  }
  return entries.map((e) => e.replace(/\/$/, ''));
};

/** The PUBLIC_URL a server on `port` gets when none is set: `http://localhost:<port>`. */
export const defaultPublicUrl = (port: number): string => `http://localhost:${port}`;

/** The TCP port of an http(s) origin: its explicit port, else 80 (http) or 443 (https). */
const originPort = (origin: string): number => {
  const url = new URL(origin);
  return url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
};

/**
 * The boot warning for a PUBLIC_URL whose port is not PORT while the sandboxes are on (they are
 * served by this process at PUBLIC_URL/sandbox, so every M-Pesa, Flutterwave and SMS call would
 * miss it, and links in SMS, e-mail and the sitemap would point elsewhere), or null when the two
 * agree, the sandboxes are off (production, or SANDBOX_ENABLED=false), or the process serves no
 * HTTP (ROLE=worker). A reverse proxy in front (PUBLIC_URL https://…, PORT 3000) with the sandboxes
 * on is warned about too: the provider clients call PUBLIC_URL, which is then the proxy.
 */
export const publicUrlPortWarning = (
  env: Pick<EnvVars, 'NODE_ENV' | 'PORT' | 'PUBLIC_URL' | 'SANDBOX_ENABLED' | 'ROLE'>,
): string | null => {
  const sandboxesOn = env.SANDBOX_ENABLED && env.NODE_ENV !== 'production';
  if (!sandboxesOn || env.ROLE === 'worker') return null;
  const port = originPort(env.PUBLIC_URL);
  if (port === env.PORT) return null;
  return (
    `PUBLIC_URL ${env.PUBLIC_URL} (port ${port}) differs from PORT ${env.PORT} while the sandboxes are on: ` +
    'M-Pesa, Flutterwave and SMS calls go to PUBLIC_URL/sandbox and links in SMS, e-mail and the sitemap point there. ' +
    `Unset PUBLIC_URL (it defaults to ${defaultPublicUrl(env.PORT)}) or make its port ${env.PORT}.`
  );
};

/**
 * USSD_ALLOWED_IPS as a list of IPs and CIDRs (`196.201.214.0/24`). Empty → []. Returns the
 * problem as a string when an entry is neither.
 */
export const parseIpList = (text: string): string[] | string => {
  const entries = text
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const [address, prefix, ...rest] = entry.split('/');
    const family = isIP(address);
    const bits = family === 4 ? 32 : 128;
    const prefixOk = prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= bits);
    if (!family || !prefixOk || rest.length)
      return `'${entry.slice(0, 60)}' is not an IP address or a CIDR range`;
  }
  return entries;
};
