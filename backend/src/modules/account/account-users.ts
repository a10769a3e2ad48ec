import { EntityManager } from 'typeorm';
import { AuthError, AuthErrorCode } from '../../common/guards/auth.errors';
import { AccountError, AccountErrorCode } from './account.errors';
import { User } from './entities/user.entity';

/** Loads user `id` with its password hash (only for password checks inside this module). */
export const findUserWithHash = (
  m: EntityManager,
  where: { id: number } | { email: string },
): Promise<User | null> =>
  m
    .getRepository(User)
    .createQueryBuilder('u')
    .addSelect('u.passwordHash')
    .where('id' in where ? 'u.id = :id' : 'u.email = :email', where)
    .getOne();

/**
 * The caller's user row for an authenticated use case, optionally locked for update.
 * @throws AuthError TOKEN_INVALID (401) when the account no longer exists;
 *         AccountError ACCOUNT_BANNED (403) when it is banned (docs/PRODUCT-RULES.md "Accounts": banned users refused).
 */
export const loadActiveUser = async (
  m: EntityManager,
  id: number,
  opts: { lock?: boolean; withHash?: boolean } = {},
): Promise<User> => {
  const qb = m.getRepository(User).createQueryBuilder('u').where('u.id = :id', { id });
  if (opts.withHash) qb.addSelect('u.passwordHash');
  if (opts.lock) qb.setLock('pessimistic_write');
  return activeOrThrow(await qb.getOne());
};

/**
 * loadActiveUser plus one boolean SQL expression `flagSql` over the row aliased `u` (raw column
 * names, e.g. `u.msisdn`), in the same statement: `{ user, flag }`.
 * @throws as loadActiveUser (TOKEN_INVALID 401, ACCOUNT_BANNED 403).
 */
export const loadActiveUserWithFlag = async (
  m: EntityManager,
  id: number,
  flagSql: string,
): Promise<{ user: User; flag: boolean }> => {
  const { entities, raw } = await m
    .getRepository(User)
    .createQueryBuilder('u')
    .addSelect(`(${flagSql})`, 'flag')
    .where('u.id = :id', { id })
    .getRawAndEntities<{ flag: boolean }>();
  return { user: activeOrThrow(entities[0] ?? null), flag: raw[0]?.flag === true };
};

/** The user, else TOKEN_INVALID (401, deleted or erased account); ACCOUNT_BANNED (403) when banned. */
const activeOrThrow = (user: User | null): User => {
  if (!user || user.erasedAt) throw new AuthError(AuthErrorCode.TOKEN_INVALID);
  if (user.bannedAt) throw new AccountError(AccountErrorCode.ACCOUNT_BANNED);
  return user;
};

/** The unique index a PostgreSQL unique violation hit, or null for any other error. */
export const uniqueViolation = (err: unknown): string | null => {
  const driver = (err as { driverError?: { code?: string; constraint?: string } })?.driverError;
  return driver?.code === '23505' ? (driver.constraint ?? '') : null;
};
