import { AppConfig } from '../../../config/app-config';
import { loadEnv } from '../../../config/load-env';
import {
  C2bRegisterInput,
  C2bRegisterVersion,
  C2bResponseType,
  DarajaC2bClient,
} from '../../../providers/daraja/daraja-c2b';
import { DarajaClient } from '../../../providers/daraja/daraja.client';
import { C2B_CONFIRMATION_PATH, C2B_VALIDATION_PATH } from '../rails/c2b/c2b.rail';

/**
 * The Register URL request for the configured paybill (docs/PROVIDERS.md "Daraja C2B"):
 * MPESA_PAYBILL, MPESA_C2B_RESPONSE_TYPE, MPESA_C2B_REGISTER_VERSION and our two callback URLs
 * below PUBLIC_URL with MPESA_CALLBACK_TOKEN as last segment. `overrides` come from the flags.
 */
export const c2bRegisterRequest = (
  config: AppConfig,
  overrides: Partial<C2bRegisterInput> = {},
): C2bRegisterInput => {
  const c2b = config.mpesaC2b;
  const url = (path: string) => `${config.publicUrl}${path}/${config.mpesa.callbackToken}`;
  return {
    shortCode: c2b.paybill,
    responseType: c2b.responseType,
    version: c2b.registerVersion,
    confirmationUrl: url(C2B_CONFIRMATION_PATH),
    validationUrl: url(C2B_VALIDATION_PATH),
    ...overrides,
  };
};

/**
 * Parses `--version v1|v2`, `--response-type Completed|Cancelled` (also `--flag=value`).
 * @throws Error naming the problem.
 */
export const parseC2bRegisterArgs = (argv: string[]): Partial<C2bRegisterInput> => {
  const out: Partial<C2bRegisterInput> = {};
  for (let i = 0; i < argv.length; i++) {
    const m = /^--(version|response-type)(?:=(.*))?$/.exec(argv[i]);
    if (!m) throw new Error(`unknown argument '${argv[i]}' (expected --version, --response-type)`);
    const value = m[2] ?? argv[++i];
    if (m[1] === 'version') {
      if (value !== 'v1' && value !== 'v2') throw new Error('--version must be v1 or v2');
      out.version = value as C2bRegisterVersion;
    } else {
      if (value !== 'Completed' && value !== 'Cancelled')
        throw new Error('--response-type must be Completed or Cancelled');
      out.responseType = value as C2bResponseType;
    }
  }
  return out;
};

/** `npm run c2b:register -w backend [-- --version v1]`: registers the URLs, prints Daraja's answer; exit 1 on error. */
const main = async (): Promise<void> => {
  const config = AppConfig.fromEnv(loadEnv());
  const request = c2bRegisterRequest(config, parseC2bRegisterArgs(process.argv.slice(2)));
  const daraja = new DarajaClient({ ...config.mpesa });
  const client = new DarajaC2bClient({
    baseUrl: config.mpesa.baseUrl,
    accessToken: () => daraja.getAccessToken(),
  });
  const answer = await client.registerUrls(request);
  console.log(
    `c2b:register ${request.version} ShortCode ${request.shortCode} ResponseType ${request.responseType}`,
  );
  console.log(
    `  ConfirmationURL ${request.confirmationUrl.replace(config.mpesa.callbackToken, '<MPESA_CALLBACK_TOKEN>')}`,
  );
  console.log(
    `  ValidationURL   ${request.validationUrl.replace(config.mpesa.callbackToken, '<MPESA_CALLBACK_TOKEN>')}`,
  );
  console.log(`  Daraja: ResponseCode ${answer.responseCode} ${answer.responseDescription}`);
  if (!config.mpesaC2b.validation) {
    console.log(
      '  MPESA_C2B_VALIDATION=false: Daraja sends only confirmations until Safaricom enables external validation',
    );
  }
};

if (require.main === module) {
  main().catch((err: unknown) => {
    console.error(`c2b:register: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  });
}
