import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, In } from 'typeorm';
import { findUserWithHash, loadActiveUser, loadActiveUserWithFlag } from './account-users';
import { User } from './entities/user.entity';

/**
 * The account module's table `app_user` (docs/ARCHITECTURE.md "Table ownership"): the only code that
 * reads or writes it (with the query functions of account-users.ts). Methods taking `m` run inside
 * the caller's transaction; where `m` is optional, without one they run on their own.
 */
@Injectable()
export class AccountRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** Username by id of the accounts among `ids` that are neither banned nor erased (unknown ids left out). */
  async activeUsernames(ids: number[]): Promise<Map<number, string>> {
    if (!ids.length) return new Map();
    const rows: { id: number; username: string }[] = await this.ds.query(
      `SELECT id, username FROM app_user WHERE id = ANY($1::int[]) AND banned_at IS NULL AND erased_at IS NULL`,
      [[...new Set(ids)]],
    );
    return new Map(rows.map((r) => [r.id, r.username]));
  }

  /** User `id` or the user with `email`, with its password hash, or null. */
  withHash(
    where: { id: number } | { email: string },
    m: EntityManager = this.ds.manager,
  ): Promise<User | null> {
    return findUserWithHash(m, where);
  }

  /**
   * The user `id` of an authenticated use case, optionally locked or with its hash.
   * @throws as loadActiveUser (TOKEN_INVALID 401, ACCOUNT_BANNED 403).
   */
  loadActive(
    id: number,
    opts: { lock?: boolean; withHash?: boolean } = {},
    m: EntityManager = this.ds.manager,
  ): Promise<User> {
    return loadActiveUser(m, id, opts);
  }

  /**
   * The active user `id` and a boolean SQL expression `flagSql` over its row (alias `u`), in one
   * statement (the own profile's `subscribed`).
   * @throws as loadActiveUser (TOKEN_INVALID 401, ACCOUNT_BANNED 403).
   */
  loadActiveWithFlag(id: number, flagSql: string): Promise<{ user: User; flag: boolean }> {
    return loadActiveUserWithFlag(this.ds.manager, id, flagSql);
  }

  /** The user with `email` (normalised), or null. */
  byEmail(email: string): Promise<User | null> {
    return this.ds.manager.findOne(User, { where: { email } });
  }

  /**
   * The live user named `username`, ignoring case (locked for update when `lock`), or null. An
   * erased account has no username any more (docs/PRODUCT-RULES.md R264: its profile answers 404).
   */
  byUsername(
    username: string,
    opts: { lock?: boolean } = {},
    m: EntityManager = this.ds.manager,
  ): Promise<User | null> {
    const qb = m
      .getRepository(User)
      .createQueryBuilder('u')
      .where('lower(u.username) = lower(:username)', { username })
      .andWhere('u.erased_at IS NULL');
    if (opts.lock) qb.setLock('pessimistic_write');
    return qb.getOne();
  }

  /** User `id` locked for update, or null. */
  lock(m: EntityManager, id: number): Promise<User | null> {
    return m
      .getRepository(User)
      .createQueryBuilder('u')
      .where('u.id = :id', { id })
      .setLock('pessimistic_write')
      .getOne();
  }

  /** User `id` (no hash), or null. */
  byId(m: EntityManager, id: number): Promise<User | null> {
    return m.findOne(User, { where: { id } });
  }

  /** Users with these ids (unknown ids left out). */
  byIds(ids: number[]): Promise<User[]> {
    return ids.length
      ? this.ds.manager.find(User, { where: { id: In([...new Set(ids)]) } })
      : Promise.resolve([]);
  }

  /**
   * Whether a username (ignoring case) and an e-mail are already used. A username is also used
   * when an account erased after `erasedSince` held it (docs/PRODUCT-RULES.md R264: its SHA-256
   * `erasedUsernameHash`).
   */
  async taken(
    username: string,
    email: string,
    erasedSince: Date,
    erasedUsernameHash: string,
  ): Promise<{ username: boolean; email: boolean }> {
    const users = this.ds.getRepository(User);
    const [byName, byEmail] = await Promise.all([
      users
        .createQueryBuilder('u')
        .where('(lower(u.username) = lower(:username) AND u.erased_at IS NULL)', { username })
        .orWhere('(u.erased_username_hash = :hash AND u.erased_at > :since)', {
          hash: erasedUsernameHash,
          since: erasedSince,
        })
        .getExists(),
      users.createQueryBuilder('u').where('u.email = :email', { email }).getExists(),
    ]);
    return { username: byName, email: byEmail };
  }

  /** Inserts a user; returns it with its id. @throws the driver's unique violation for a taken username or e-mail. */
  insert(m: EntityManager, user: Partial<User>): Promise<User> {
    return m.save(User, m.create(User, user));
  }

  /** Changes the given fields of user `id`. */
  async update(m: EntityManager, id: number, patch: Partial<Omit<User, 'id'>>): Promise<void> {
    await m.update(User, { id }, patch);
  }

  /** Makes user `id` a tipster when it is a plain user (an admin stays admin). */
  async promoteToTipster(m: EntityManager, id: number): Promise<void> {
    await m.update(User, { id, role: 'user' }, { role: 'tipster' });
  }

  /**
   * Ids after `afterId` (ascending, at most `limit`) of registrations never completed
   * (docs/PRODUCT-RULES.md R272): role `user` (never published, R55), e-mail never verified, not
   * banned, created before `before` and with no login session started or refreshed since `before`.
   */
  async abandonedRegistrations(before: Date, afterId: number, limit: number): Promise<number[]> {
    const rows: { id: number }[] = await this.ds.query(
      `SELECT u.id FROM app_user u
        WHERE ${ABANDONED_SQL} AND u.id > $2
        ORDER BY u.id LIMIT $3`,
      [before, afterId, limit],
    );
    return rows.map((r) => r.id);
  }

  /**
   * Deletes user `id` if it is still an abandoned registration as of `before` (R272); its sessions
   * and codes go with it (ON DELETE CASCADE). Returns its avatar file (null if none) when deleted,
   * undefined when not. @throws the database's foreign-key error (23503) when another module's row
   * still names the user.
   */
  async deleteAbandoned(id: number, before: Date): Promise<string | null | undefined> {
    const [rows] = (await this.ds.query(
      `DELETE FROM app_user u WHERE u.id = $2 AND ${ABANDONED_SQL} RETURNING u.avatar_file`,
      [before, id],
    )) as [{ avatar_file: string | null }[], number];
    return rows.length ? rows[0].avatar_file : undefined;
  }
}

/** An abandoned registration as of `$1` (docs/PRODUCT-RULES.md R272), over `app_user u`. */
const ABANDONED_SQL = `u.role = 'user' AND u.email_verified_at IS NULL AND u.banned_at IS NULL AND u.erased_at IS NULL AND u.created_at < $1
  AND NOT EXISTS (SELECT 1 FROM refresh_token_family f WHERE f.user_id = u.id AND (f.created_at >= $1 OR f.rotated_at >= $1))`;
