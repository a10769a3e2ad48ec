import { parseSandboxSettings } from './sandbox.settings';

const base = {
  publicUrl: 'http://localhost:3000',
  autoAccept: false,
  atCallbackToken: 'dev-only-at-callback-token',
};

describe('parseSandboxSettings', () => {
  it('has the documented defaults and builds the callback URLs from PUBLIC_URL', () => {
    expect(parseSandboxSettings({}, base)).toMatchObject({
      stkTimeoutMs: 60_000,
      autoAccept: false,
      autoAcceptDelayMs: 2_000,
      b2cResultDelayMs: 2_000,
      callbackAttempts: 4,
      stkCallbackLossPercent: 0,
      b2cFloatKsh: 1_000_000,
      flutterwaveWebhookUrl: 'http://localhost:3000/api/processor/flutterwave/webhook',
      atDeliveryReportUrl:
        'http://localhost:3000/api/notifications/sms/delivery-report/dev-only-at-callback-token',
      atReportStatuses: ['Submitted', 'Success'],
    });
  });

  it('reads the knobs', () => {
    const s = parseSandboxSettings(
      {
        SANDBOX_STK_TIMEOUT_MS: '1500',
        SANDBOX_FLW_WEBHOOK_URL: 'http://127.0.0.1:9/hook',
        SANDBOX_AT_REPORT_STATUSES: 'Success',
        SANDBOX_CALLBACK_ATTEMPTS: '2',
      },
      { ...base, autoAccept: true },
    );
    expect(s).toMatchObject({
      stkTimeoutMs: 1500,
      autoAccept: true,
      flutterwaveWebhookUrl: 'http://127.0.0.1:9/hook',
      atReportStatuses: ['Success'],
      callbackAttempts: 2,
    });
    expect(parseSandboxSettings({ SANDBOX_AT_REPORT_STATUSES: '' }, base).atReportStatuses).toEqual(
      [],
    );
    expect(
      parseSandboxSettings({ SANDBOX_STK_CALLBACK_LOSS_PERCENT: '100' }, base)
        .stkCallbackLossPercent,
    ).toBe(100);
    expect(() => parseSandboxSettings({ SANDBOX_STK_CALLBACK_LOSS_PERCENT: '101' }, base)).toThrow(
      /SANDBOX_STK_CALLBACK_LOSS_PERCENT/,
    );
  });

  it('names every bad variable', () => {
    expect(() =>
      parseSandboxSettings(
        {
          SANDBOX_STK_TIMEOUT_MS: 'soon',
          SANDBOX_FLW_WEBHOOK_URL: 'ftp://x',
          SANDBOX_AT_REPORT_STATUSES: 'Maybe',
        },
        base,
      ),
    ).toThrow(
      /SANDBOX_STK_TIMEOUT_MS[\s\S]*SANDBOX_FLW_WEBHOOK_URL[\s\S]*SANDBOX_AT_REPORT_STATUSES/,
    );
  });
});
