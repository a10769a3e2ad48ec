import { EntityManager } from 'typeorm';
import { AuthError, AuthErrorCode } from '../../common/guards/auth.errors';
import { AccountError, AccountErrorCode } from './account.errors';
import { User } from './entities/user.entity';

/** Loads user `id` with its password hash (only for password checks inside this module). */
export const findUserWithHash = (m: EntityManager, where: { id: number } | { email: string }): Promise<User | null> =>
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
  const user = await qb.getOne();
  if (!user) throw new AuthError(AuthErrorCode.TOKEN_INVALID);
  if (user.bannedAt) throw new AccountError(AccountErrorCode.ACCOUNT_BANNED);
  return user;
};

/** The unique index a PostgreSQL unique violation hit, or null for any other error. */
export const uniqueViolation = (err: unknown): string | null => {
  const driver = (err as { driverError?: { code?: string; constraint?: string } })?.driverError;
  return driver?.code === '23505' ? (driver.constraint ?? '') : null;
};
