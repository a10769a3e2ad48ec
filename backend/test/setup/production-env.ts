/**
 * A complete production environment with live-looking values for every variable that
 * `validateEnv` refuses at its development / sandbox default under NODE_ENV=production.
 * Tests take it and change one variable to see that one refused.
 */
export const PRODUCTION_ENV: Record<string, string> = {
  NODE_ENV: 'production',
  REPLAY_ANCHOR: '',
  JWT_ACCESS_SECRET: 'prod-access-secret-0123456789abcdef',
  JWT_REFRESH_SECRET: 'prod-refresh-secret-0123456789abcdef',
  MPESA_CALLBACK_TOKEN: 'prod-stk-callback-token-0123456789',
  FLW_SECRET_HASH: 'prod-flw-webhook-hash-0123456789',
  AT_CALLBACK_TOKEN: 'prod-at-callback-token-0123456789',
  USSD_CALLBACK_KEY: 'prod-ussd-callback-key-0123456789',
  MPESA_BASE_URL: 'https://api.safaricom.co.ke',
  FLW_BASE_URL: 'https://api.flutterwave.com',
  AT_BASE_URL: 'https://api.africastalking.com',
  MPESA_CONSUMER_KEY: 'live-consumer-key-0123456789',
  MPESA_CONSUMER_SECRET: 'live-consumer-secret-0123456789',
  MPESA_SHORTCODE: '4123456',
  MPESA_PASSKEY: 'live-passkey-0123456789abcdef0123456789abcdef',
  MPESA_B2C_SHORTCODE: '3023456',
  MPESA_INITIATOR_NAME: 'tipske-api',
  MPESA_SECURITY_CREDENTIAL: 'live-security-credential-0123456789',
  FLW_SECRET_KEY: 'FLWSECK-live-0123456789abcdef-X',
  AT_USERNAME: 'tipske',
  AT_API_KEY: 'live-at-api-key-0123456789',
  LOG_SIGNING_KEY:
    'PRIVATE+KEY+tips.example/log+1fcacb9d+AaEpbbzPdTY2kxcT5YOuO5TwkMFt+rNgL+x2qCbmixOj',
  TSA_URL: 'https://timestamp.sigstore.dev/api/v1/timestamp',
};
