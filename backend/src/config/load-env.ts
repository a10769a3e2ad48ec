import { config as loadDotenv } from 'dotenv';
import { resolve } from 'path';
import { REPO_ROOT } from './app-config';
import { EnvVars, validateEnv } from './env';

/** For command-line tools: reads the repository's `.env` under the real environment and validates it. */
export const loadEnv = (): EnvVars => {
  loadDotenv({ path: resolve(REPO_ROOT, '.env'), quiet: true });
  return validateEnv(process.env);
};
