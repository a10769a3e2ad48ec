import { AppConfig } from '../../../config/app-config';
import { validateEnv } from '../../../config/env';
import { c2bRegisterRequest, parseC2bRegisterArgs } from './c2b-register';

const config = (env: Record<string, string> = {}): AppConfig =>
  AppConfig.fromEnv(
    validateEnv({
      PUBLIC_URL: 'https://tips.example.co.ke',
      MPESA_CALLBACK_TOKEN: 'c2b-token-0123456789',
      ...env,
    }),
  );

describe('c2b:register (docs/PROVIDERS.md "Daraja C2B")', () => {
  it('registers MPESA_PAYBILL with our two URLs, v2 and Completed by default', () => {
    expect(c2bRegisterRequest(config())).toEqual({
      shortCode: '600984',
      responseType: 'Completed',
      version: 'v2',
      confirmationUrl:
        'https://tips.example.co.ke/api/processor/c2b/confirmation/c2b-token-0123456789',
      validationUrl: 'https://tips.example.co.ke/api/processor/c2b/validation/c2b-token-0123456789',
    });
  });

  it('takes the version and ResponseType from the environment, then from the flags', () => {
    const c = config({
      MPESA_PAYBILL: '888880',
      MPESA_C2B_REGISTER_VERSION: 'v1',
      MPESA_C2B_RESPONSE_TYPE: 'Cancelled',
    });
    expect(c2bRegisterRequest(c)).toMatchObject({
      shortCode: '888880',
      version: 'v1',
      responseType: 'Cancelled',
    });
    expect(
      c2bRegisterRequest(c, parseC2bRegisterArgs(['--version=v2', '--response-type', 'Completed'])),
    ).toMatchObject({ version: 'v2', responseType: 'Completed' });
  });

  it('refuses unknown flags and values', () => {
    expect(() => parseC2bRegisterArgs(['--version', 'v3'])).toThrow('--version must be v1 or v2');
    expect(() => parseC2bRegisterArgs(['--response-type=Done'])).toThrow('Completed or Cancelled');
    expect(() => parseC2bRegisterArgs(['--shortcode', '1'])).toThrow(
      "unknown argument '--shortcode'",
    );
  });
});
