import { atDeliveryReportPath, FLW_WEBHOOK_PATH } from './sandbox.constants';

/**
 * Knobs of the provider sandboxes. Read once when the module is built (like AppModule.forRoot),
 * from the same environment as config/env.ts; every one has a default so nothing needs setting.
 * Times are milliseconds.
 */
export class SandboxSettings {
  /** SANDBOX_STK_TIMEOUT_MS: an unanswered STK prompt ends with ResultCode 1037 after this. Default 60 000. */
  stkTimeoutMs = 60_000;
  /** SANDBOX_AUTO_ACCEPT (config/env.ts): every STK push is accepted after `autoAcceptDelayMs`. */
  autoAccept = false;
  /**
   * SANDBOX_STK_CALLBACK_LOSS_PERCENT: this share (0-100) of STK callbacks is "lost": recorded as
   * given up and never sent, as when Daraja's callback never arrives, so reconciliation by STK
   * query (docs/RELIABILITY.md "A lost STK callback") has something to recover. Default 0.
   */
  stkCallbackLossPercent = 0;
  /** SANDBOX_AUTO_ACCEPT_DELAY_MS: default 2 000. */
  autoAcceptDelayMs = 2_000;
  /** SANDBOX_B2C_FLOAT_KSH: the Utility Account balance (whole Ksh) Account Balance reports. Default 1 000 000. */
  b2cFloatKsh = 1_000_000;
  /** SANDBOX_B2C_RESULT_DELAY_MS: the B2C result reaches ResultURL this long after the request. Default 2 000. */
  b2cResultDelayMs = 2_000;
  /** SANDBOX_SWEEP_INTERVAL_MS: how often deadlines and due callbacks are looked for. Default 250. */
  sweepIntervalMs = 250;
  /** SANDBOX_CALLBACK_ATTEMPTS: deliveries of one callback before giving up. Default 4. */
  callbackAttempts = 4;
  /** SANDBOX_CALLBACK_RETRY_MS: first retry delay, doubled each time. Default 1 000. */
  callbackRetryMs = 1_000;
  /** SANDBOX_CALLBACK_TIMEOUT_MS: per delivery attempt. Default 5 000. */
  callbackTimeoutMs = 5_000;
  /** SANDBOX_FLW_WEBHOOK_URL: default PUBLIC_URL + FLW_WEBHOOK_PATH. */
  flutterwaveWebhookUrl = '';
  /** SANDBOX_AT_DELIVERY_REPORT_URL: default PUBLIC_URL + AT_DELIVERY_REPORT_PATH/{AT_CALLBACK_TOKEN}. */
  atDeliveryReportUrl = '';
  /**
   * SANDBOX_AT_REPORT_STATUSES: the delivery reports posted per accepted message, in order.
   * Default `Submitted,Success`; empty = none.
   */
  atReportStatuses: string[] = ['Submitted', 'Success'];
  /** SANDBOX_AT_REPORT_DELAY_MS: between the send and the first report, and between reports. Default 300. */
  atReportDelayMs = 300;
}

/** What the sandbox settings derive from config/env.ts. */
export interface SandboxSettingsBase {
  publicUrl: string;
  autoAccept: boolean;
  atCallbackToken: string;
}

const INT_KNOBS = {
  SANDBOX_STK_TIMEOUT_MS: ['stkTimeoutMs', 100, 3_600_000],
  SANDBOX_AUTO_ACCEPT_DELAY_MS: ['autoAcceptDelayMs', 0, 600_000],
  SANDBOX_STK_CALLBACK_LOSS_PERCENT: ['stkCallbackLossPercent', 0, 100],
  SANDBOX_B2C_RESULT_DELAY_MS: ['b2cResultDelayMs', 0, 600_000],
  SANDBOX_B2C_FLOAT_KSH: ['b2cFloatKsh', 0, 1_000_000_000],
  SANDBOX_SWEEP_INTERVAL_MS: ['sweepIntervalMs', 10, 60_000],
  SANDBOX_CALLBACK_ATTEMPTS: ['callbackAttempts', 1, 20],
  SANDBOX_CALLBACK_RETRY_MS: ['callbackRetryMs', 10, 3_600_000],
  SANDBOX_CALLBACK_TIMEOUT_MS: ['callbackTimeoutMs', 100, 120_000],
  SANDBOX_AT_REPORT_DELAY_MS: ['atReportDelayMs', 0, 600_000],
} as const;

const URL_KNOBS = {
  SANDBOX_FLW_WEBHOOK_URL: 'flutterwaveWebhookUrl',
  SANDBOX_AT_DELIVERY_REPORT_URL: 'atDeliveryReportUrl',
} as const;

const REPORT_STATUSES = new Set(['Sent', 'Submitted', 'Buffered', 'Success', 'Failed', 'Rejected']);

/**
 * Builds the sandbox settings from environment variables (names above) on top of config/env.ts.
 * Pure: pass `process.env`.
 * @throws Error naming every bad variable (never its value), like validateEnv.
 */
export const parseSandboxSettings = (
  raw: Record<string, string | undefined>,
  base: SandboxSettingsBase,
): SandboxSettings => {
  const settings = new SandboxSettings();
  const problems: string[] = [];
  for (const [name, [key, min, max]] of Object.entries(INT_KNOBS)) {
    const value = raw[name]?.trim();
    if (!value) continue;
    const n = /^\d+$/.test(value) ? Number(value) : NaN;
    if (!(n >= min && n <= max))
      problems.push(`${name}: must be a whole number from ${min} to ${max}`);
    else settings[key] = n;
  }
  for (const [name, key] of Object.entries(URL_KNOBS)) {
    const value = raw[name]?.trim();
    if (!value) continue;
    if (!/^https?:\/\/\S+$/.test(value)) problems.push(`${name}: must be an http(s) URL or empty`);
    else settings[key] = value;
  }
  const statuses = raw.SANDBOX_AT_REPORT_STATUSES;
  if (statuses !== undefined) {
    const list = statuses
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (list.some((s) => !REPORT_STATUSES.has(s))) {
      problems.push(`SANDBOX_AT_REPORT_STATUSES: comma list of ${[...REPORT_STATUSES].join(', ')}`);
    } else settings.atReportStatuses = list;
  }
  if (problems.length)
    throw new Error(`Invalid sandbox configuration:\n  - ${problems.join('\n  - ')}`);

  settings.autoAccept = base.autoAccept;
  const origin = base.publicUrl.replace(/\/+$/, '');
  settings.flutterwaveWebhookUrl ||= `${origin}${FLW_WEBHOOK_PATH}`;
  settings.atDeliveryReportUrl ||= `${origin}${atDeliveryReportPath(base.atCallbackToken)}`;
  return settings;
};
