import { JwtService } from '@nestjs/jwt';
import { randomBytes } from 'crypto';
import { DataSource } from 'typeorm';
import { systemClock } from '../../src/common/clock/clock';
import type { Role } from '../../src/common/guards/auth-user';
import { AppConfig } from '../../src/config/app-config';
import { validateEnv } from '../../src/config/env';
import { toKenyanMsisdn } from '../../src/common/msisdn/msisdn';
import type { Country } from '../../src/modules/account/account.constants';
import { TransactionRunner } from '../../src/database/transaction-runner';
import { AccountRepository } from '../../src/modules/account/account.repository';
import { PasswordHasher } from '../../src/modules/account/auth/password-hasher';
import { CredentialsRepository } from '../../src/modules/account/credentials.repository';
import { SessionService } from '../../src/modules/account/auth/session.service';
import { TokenService } from '../../src/modules/account/auth/token.service';
import { User } from '../../src/modules/account/entities/user.entity';

/** Overrides for createUser; every field has a deterministic-enough default. */
export interface UserOverrides {
  username?: string;
  email?: string;
  phoneNumber?: string | null;
  password?: string;
  role?: Role;
  country?: Country;
  name?: string;
  city?: string;
  emailVerified?: boolean;
  banned?: boolean;
}

/** A created user with a live session: the access token works as a bearer token or `token` cookie. */
export interface CreatedUser {
  user: User;
  /** Access JWT (15 minutes). */
  token: string;
  /** Refresh JWT of the same session. */
  refresh: string;
  /** The plain password (for login and change-password tests). */
  password: string;
}

export const DEFAULT_PASSWORD = 'correct-horse-42';

let seq = 0;
const hasher = new PasswordHasher();
let defaultHash: Promise<string> | undefined;

/** The services the factory shares with the app, configured from the same environment (test-app.ts sets it). */
const services = (ds: DataSource): { sessions: SessionService; tokens: TokenService } => {
  const config = AppConfig.fromEnv(validateEnv(process.env));
  const tokens = new TokenService(new JwtService({}), config);
  return {
    tokens,
    sessions: new SessionService(
      new TransactionRunner(ds),
      new AccountRepository(ds),
      new CredentialsRepository(ds),
      tokens,
      systemClock,
    ),
  };
};

/**
 * Inserts a user (role `user`, country KE, phone 07XXXXXXXX unless overridden) with an argon2id
 * password and starts a session for it, as a login would. For tests of every module:
 *   const { user, token } = await createUser(t.ds, { role: 'tipster' });
 *   await t.request('GET', '/api/account/profile', { token });
 */
export const createUser = async (
  ds: DataSource,
  overrides: UserOverrides = {},
): Promise<CreatedUser> => {
  seq += 1;
  const tag = `${seq}${randomBytes(3).toString('hex')}`;
  const password = overrides.password ?? DEFAULT_PASSWORD;
  const passwordHash =
    overrides.password === undefined
      ? await (defaultHash ??= hasher.hash(DEFAULT_PASSWORD))
      : await hasher.hash(password);
  const phoneNumber =
    overrides.phoneNumber === undefined
      ? `07${String(10_000_000 + (seq % 89_999_999)).padStart(8, '0')}`
      : overrides.phoneNumber;
  const country = overrides.country ?? 'KE';
  const repo = ds.getRepository(User);
  const user = await repo.save(
    repo.create({
      username: overrides.username ?? `user_${tag}`,
      email: (overrides.email ?? `user_${tag}@example.com`).toLowerCase(),
      phoneNumber,
      msisdn: country === 'KE' && phoneNumber ? toKenyanMsisdn(phoneNumber) : null,
      passwordHash,
      role: overrides.role ?? 'user',
      country,
      name: overrides.name ?? '',
      city: overrides.city ?? '',
      emailVerifiedAt: overrides.emailVerified ? new Date() : null,
      bannedAt: overrides.banned ? new Date() : null,
    }),
  );
  const { sessions } = services(ds);
  const pair = await sessions.start(ds.manager, user);
  return { user, token: pair.access, refresh: pair.refresh, password };
};

/**
 * A signed access token with arbitrary claims and lifetime (expired tokens, forged roles...),
 * signed with the configured access secret unless `secret` is given.
 */
export const signTestAccessToken = (
  claims: Record<string, unknown>,
  opts: { expiresInSeconds?: number; secret?: string } = {},
): string => {
  const env = validateEnv(process.env);
  const now = Math.floor(Date.now() / 1000);
  const exp = now + (opts.expiresInSeconds ?? 900);
  return new JwtService({}).sign(
    { iat: Math.min(now, exp - 1), exp, ...claims },
    { secret: opts.secret ?? env.JWT_ACCESS_SECRET },
  );
};
