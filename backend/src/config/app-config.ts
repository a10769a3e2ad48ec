import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { isAbsolute, resolve } from 'path';
import { EnvVars, parseIpList, parseOrigins, parseTrustProxy, ProcessRole } from './env';

/** The configured exchange rates of salePrice (`AppConfig.currency`: NGN_PER_KSH, UGX_PER_KSH). */
export interface SaleRates {
  /** Naira per Kenyan shilling, a decimal string with at most 4 decimals ('12', '12.5'). */
  ngnPerKsh: string;
  /** Ugandan shillings per Kenyan shilling, a whole number (docs/PRODUCT-RULES.md R6: 30). */
  ugxPerKsh: number;
}

/** Repository root (backend/src/config or backend/dist/config → ../../..). */
export const REPO_ROOT = resolve(__dirname, '..', '..', '..');
const fromRoot = (p: string): string =>
  isAbsolute(p) || /^https?:/.test(p) ? p : resolve(REPO_ROOT, p);

/** Typed, grouped access to the validated environment; nothing else reads process.env. */
@Injectable()
export class AppConfig {
  private readonly env: EnvVars;
  constructor(config: ConfigService) {
    this.env = config.get<EnvVars>('__env') as EnvVars;
  }
  static fromEnv(env: EnvVars): AppConfig {
    const cfg = Object.create(AppConfig.prototype) as AppConfig;
    (cfg as unknown as { env: EnvVars }).env = env;
    return cfg;
  }
  get raw(): Readonly<EnvVars> {
    return this.env;
  }
  get nodeEnv(): EnvVars['NODE_ENV'] {
    return this.env.NODE_ENV;
  }
  get isProduction(): boolean {
    return this.env.NODE_ENV === 'production';
  }
  get port(): number {
    return this.env.PORT;
  }
  get role(): ProcessRole {
    return this.env.ROLE;
  }
  get runsApi(): boolean {
    return this.env.ROLE !== 'worker';
  }
  get runsWorker(): boolean {
    return this.env.ROLE !== 'api';
  }
  get logLevel(): string {
    return this.env.LOG_LEVEL;
  }
  get publicUrl(): string {
    return this.env.PUBLIC_URL;
  }
  /**
   * Fastify's `trustProxy`: the proxies whose X-Forwarded-For is believed (TRUST_PROXY), or false
   * (the default): then a client's address is its socket's and forwarded headers are ignored.
   */
  get trustProxy(): string[] | false {
    const list = parseTrustProxy(this.env.TRUST_PROXY);
    return Array.isArray(list) && list.length ? list : false;
  }
  /** Origins allowed to call the API from a browser with credentials (CORS_ORIGINS, else PUBLIC_URL). */
  get corsOrigins(): string[] {
    const list = parseOrigins(this.env.CORS_ORIGINS);
    return Array.isArray(list) && list.length ? list : [new URL(this.publicUrl).origin];
  }
  get databaseUrl(): string {
    return this.env.DATABASE_URL;
  }
  get redis(): { url: string; prefix: string } {
    return { url: this.env.REDIS_URL, prefix: this.env.REDIS_PREFIX };
  }
  get footballDataDir(): string {
    return fromRoot(this.env.FOOTBALL_DATA_DIR);
  }
  get replayAnchor(): string | null {
    return this.env.REPLAY_ANCHOR || null;
  }
  /** Sandboxes are on by default and always off in production. */
  get sandboxEnabled(): boolean {
    return this.env.SANDBOX_ENABLED && !this.isProduction;
  }
  get sandboxAutoAccept(): boolean {
    return this.env.SANDBOX_AUTO_ACCEPT;
  }
  /** This server's simulator of `provider` (docs/ARCHITECTURE.md, "Providers and sandboxes"). */
  sandboxUrl(provider: 'daraja' | 'flutterwave' | 'africastalking'): string {
    return `${this.env.PUBLIC_URL}/sandbox/${provider}`;
  }
  get storageDir(): string {
    return fromRoot(this.env.STORAGE_DIR);
  }
  /**
   * Avatar storage (docs/PRODUCT-RULES.md "Accounts"): local disk, or an S3-compatible bucket
   * (empty endpoint: AWS in production, the sandbox otherwise).
   */
  get avatarStorage() {
    const e = this.env;
    return {
      driver: e.AVATAR_STORAGE,
      s3: {
        endpoint: e.S3_ENDPOINT || (this.isProduction ? null : `${e.PUBLIC_URL}/sandbox/s3`),
        region: e.S3_REGION,
        bucket: e.S3_BUCKET,
        accessKeyId: e.S3_ACCESS_KEY_ID,
        secretAccessKey: e.S3_SECRET_ACCESS_KEY,
        forcePathStyle: e.S3_FORCE_PATH_STYLE,
      },
    };
  }
  get jwt() {
    return {
      accessSecret: this.env.JWT_ACCESS_SECRET,
      refreshSecret: this.env.JWT_REFRESH_SECRET,
      accessTtlSeconds: this.env.JWT_ACCESS_TTL_SECONDS,
      refreshTtlSeconds: this.env.JWT_REFRESH_TTL_SECONDS,
    };
  }
  get mpesa() {
    const e = this.env;
    return {
      baseUrl: e.MPESA_BASE_URL || this.sandboxUrl('daraja'),
      consumerKey: e.MPESA_CONSUMER_KEY,
      consumerSecret: e.MPESA_CONSUMER_SECRET,
      shortcode: e.MPESA_SHORTCODE,
      passkey: e.MPESA_PASSKEY,
      transactionType: e.MPESA_TRANSACTION_TYPE,
      callbackToken: e.MPESA_CALLBACK_TOKEN,
      b2cShortcode: e.MPESA_B2C_SHORTCODE,
      initiatorName: e.MPESA_INITIATOR_NAME,
      securityCredential: e.MPESA_SECURITY_CREDENTIAL,
      queryAfterMs: e.MPESA_QUERY_AFTER_SECONDS * 1000,
    };
  }
  /** Daraja C2B, the paybill rail (docs/PROVIDERS.md "Daraja C2B"); its callbacks use MPESA_CALLBACK_TOKEN. */
  get mpesaC2b() {
    const e = this.env;
    return {
      paybill: e.MPESA_PAYBILL,
      registerVersion: e.MPESA_C2B_REGISTER_VERSION,
      responseType: e.MPESA_C2B_RESPONSE_TYPE,
      validation: e.MPESA_C2B_VALIDATION,
    };
  }
  /** Backoff of reconciliation (docs/PRODUCT-RULES.md R191): first retry wait (ms, doubled) and attempts before the expiry. */
  get reconcile() {
    return {
      retryMs: this.env.RECONCILE_RETRY_SECONDS * 1000,
      maxAttempts: this.env.RECONCILE_MAX_ATTEMPTS,
    };
  }
  get flutterwave() {
    return {
      baseUrl: this.env.FLW_BASE_URL || this.sandboxUrl('flutterwave'),
      secretKey: this.env.FLW_SECRET_KEY,
      secretHash: this.env.FLW_SECRET_HASH,
    };
  }
  get africasTalking() {
    const e = this.env;
    return {
      baseUrl: e.AT_BASE_URL || this.sandboxUrl('africastalking'),
      username: e.AT_USERNAME,
      apiKey: e.AT_API_KEY,
      senderId: e.AT_SENDER_ID,
      callbackToken: e.AT_CALLBACK_TOKEN,
    };
  }
  /**
   * Africa's Talking USSD (docs/PROVIDERS.md "Africa's Talking USSD"): the callback key (null: not
   * checked), the allowed source addresses ([]: any), the dialled code, the push delay (ms).
   */
  get ussd(): {
    callbackKey: string | null;
    allowedIps: string[];
    serviceCode: string;
    pushDelayMs: number;
  } {
    const ips = parseIpList(this.env.USSD_ALLOWED_IPS);
    return {
      callbackKey: this.env.USSD_CALLBACK_KEY || null,
      allowedIps: Array.isArray(ips) ? ips : [],
      serviceCode: this.env.USSD_SERVICE_CODE,
      pushDelayMs: this.env.USSD_PUSH_DELAY_MS,
    };
  }
  /** Seconds a picks SMS may go without a `Success` report before it is re-sent (docs/PRODUCT-RULES.md R220). */
  get picksSmsDeliveryTimeoutMs(): number {
    return this.env.PICKS_SMS_DELIVERY_TIMEOUT_SECONDS * 1000;
  }
  /**
   * Retention periods (docs/PRODUCT-RULES.md R270-R273, R280): SMS texts, e-mail bodies and
   * abandoned registrations in days, buyers' contact on purchases in months, access logs in days (applied by
   * the deployment's log rotation, R273).
   */
  get retention(): {
    smsBodyDays: number;
    emailBodyDays: number;
    purchasePhoneMonths: number;
    accessLogDays: number;
    abandonedRegistrationDays: number;
  } {
    return {
      smsBodyDays: this.env.RETENTION_SMS_BODY_DAYS,
      emailBodyDays: this.env.RETENTION_EMAIL_BODY_DAYS,
      purchasePhoneMonths: this.env.RETENTION_PURCHASE_PHONE_MONTHS,
      accessLogDays: this.env.RETENTION_ACCESS_LOG_DAYS,
      abandonedRegistrationDays: this.env.RETENTION_ABANDONED_REGISTRATION_DAYS,
    };
  }
  /** The data controller the privacy page names and its contact address (docs/PRODUCT-RULES.md R275). */
  get privacyController(): { name: string; contactEmail: string } {
    return { name: this.env.PRIVACY_CONTROLLER_NAME, contactEmail: this.env.PRIVACY_CONTACT_EMAIL };
  }
  get apiFootball(): { key: string | null; baseUrl: string } {
    return { key: this.env.API_FOOTBALL_KEY || null, baseUrl: this.env.API_FOOTBALL_BASE_URL };
  }
  /** The transparency log (docs/PRODUCT-RULES.md "Transparency log"): signing key and the RFC 3161 TSA (empty TSA_URL: the sandbox). */
  get transparencyLog(): { signingKey: string; tsaUrl: string } {
    return {
      signingKey: this.env.LOG_SIGNING_KEY,
      tsaUrl: this.env.TSA_URL || `${this.env.PUBLIC_URL}/sandbox/tsa`,
    };
  }
  get mail(): { smtpUrl: string; from: string } {
    return { smtpUrl: this.env.SMTP_URL, from: this.env.MAIL_FROM };
  }
  /** The rates of salePrice (docs/PRODUCT-RULES.md R6): NGN_PER_KSH, UGX_PER_KSH. */
  get currency(): SaleRates {
    return { ngnPerKsh: this.env.NGN_PER_KSH, ugxPerKsh: this.env.UGX_PER_KSH };
  }
}
