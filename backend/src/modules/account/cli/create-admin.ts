import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../../../database/data-source';
import { loadEnv } from '../../../config/load-env';
import { PasswordHasher } from '../auth/password-hasher';
import {
  emailError,
  MESSAGES,
  newPasswordError,
  normaliseEmail,
  usernameError,
} from '../domain/account-rules';
import { EmailVerificationCode } from '../entities/email-verification-code.entity';
import { PasswordResetToken } from '../entities/password-reset-token.entity';
import { RefreshTokenFamily } from '../entities/refresh-token-family.entity';
import { User } from '../entities/user.entity';

/** Arguments of `npm run create-admin -- --email E [--username U] [--password P]`. */
export interface CreateAdminArgs {
  email: string;
  username?: string;
  password?: string;
}

/**
 * Parses `--email a@b.c --username admin --password secret` (also `--email=a@b.c`).
 * @throws Error naming the problem (unknown flag, missing value, missing --email).
 */
export const parseCreateAdminArgs = (argv: string[]): CreateAdminArgs => {
  const out: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const m = /^--(email|username|password)(?:=(.*))?$/.exec(arg);
    if (!m) throw new Error(`unknown argument '${arg}' (expected --email, --username, --password)`);
    const value = m[2] ?? argv[++i];
    if (value === undefined || value.startsWith('--')) throw new Error(`--${m[1]} needs a value`);
    out[m[1]] = value;
  }
  if (!out.email) throw new Error('--email is required');
  return { email: out.email, username: out.username, password: out.password };
};

/** A free username from an e-mail's local part ('jane.doe+x@...' → 'jane.doe_x'), suffixed when taken. */
const usernameFromEmail = async (ds: DataSource, email: string): Promise<string> => {
  const base = (email.split('@')[0].replace(/[^A-Za-z0-9_.]/g, '_') + '___').slice(0, 24);
  for (let n = 0; ; n++) {
    const candidate = n === 0 ? base : `${base}${n}`;
    const taken = await ds
      .getRepository(User)
      .createQueryBuilder('u')
      .where('lower(u.username) = lower(:candidate)', { candidate })
      .getExists();
    if (!taken) return candidate;
  }
};

/**
 * Creates an admin, or promotes the existing user with that e-mail (docs/PRODUCT-RULES.md, Roles: admin is
 * created by a CLI command). A new admin needs a password (at least 8 characters); for an existing
 * user a given password replaces theirs. The e-mail counts as verified. One transaction.
 * @throws Error with the field's message for an invalid e-mail, username or password.
 */
export const createOrPromoteAdmin = async (
  ds: DataSource,
  args: CreateAdminArgs,
  hasher: PasswordHasher = new PasswordHasher(),
): Promise<{
  action: 'created' | 'promoted';
  user: { id: number; username: string; email: string };
}> => {
  const problem =
    emailError(args.email) ??
    (args.username !== undefined ? usernameError(args.username) : null) ??
    (args.password !== undefined ? newPasswordError(args.password) : null);
  if (problem) throw new Error(problem);
  const email = normaliseEmail(args.email);
  const passwordHash = args.password !== undefined ? await hasher.hash(args.password) : undefined;

  return ds.transaction(async (m) => {
    const repo = m.getRepository(User);
    const existing = await repo
      .createQueryBuilder('u')
      .where('u.email = :email', { email })
      .setLock('pessimistic_write')
      .getOne();
    if (existing) {
      await repo.update(
        { id: existing.id },
        {
          role: 'admin',
          bannedAt: null,
          emailVerifiedAt: existing.emailVerifiedAt ?? new Date(),
          ...(passwordHash ? { passwordHash } : {}),
        },
      );
      return {
        action: 'promoted' as const,
        user: { id: existing.id, username: existing.username, email },
      };
    }
    if (!passwordHash)
      throw new Error(`no user with e-mail ${email}: --password is needed to create one`);
    const username = args.username?.trim() ?? (await usernameFromEmail(ds, email));
    const taken = await repo
      .createQueryBuilder('u')
      .where('lower(u.username) = lower(:username)', { username })
      .getExists();
    if (taken) throw new Error(MESSAGES.usernameTaken);
    const user = await repo.save(
      repo.create({ username, email, passwordHash, role: 'admin', emailVerifiedAt: new Date() }),
    );
    return { action: 'created' as const, user: { id: user.id, username: user.username, email } };
  });
};

/** `npm run create-admin -- --email E --password P [--username U]`: prints what it did; exit 1 on error. */
const main = async (): Promise<void> => {
  const args = parseCreateAdminArgs(process.argv.slice(2));
  const env = loadEnv();
  const ds = new DataSource({
    ...dataSourceOptions(env.DATABASE_URL),
    entities: [User, RefreshTokenFamily, PasswordResetToken, EmailVerificationCode],
  });
  await ds.initialize();
  try {
    const { action, user } = await createOrPromoteAdmin(ds, args);
    console.log(`admin ${action}: ${user.username} <${user.email}> (id ${user.id})`);
  } finally {
    await ds.destroy();
  }
};

if (require.main === module) {
  main().catch((err: unknown) => {
    console.error(`create-admin: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  });
}
