import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, EntityManager, In, Repository } from 'typeorm';
import type { AuthUser, Role } from '../../common/guards/auth-user';
import { AccountError, AccountErrorCode } from './account.errors';
import { AccountRepository } from './account.repository';
import { loadActiveUser } from './account-users';
import { AccountProfileService } from './account-profile.service';
import { SessionService } from './auth/session.service';
import { TokenService } from './auth/token.service';
import { User } from './entities/user.entity';

/** What other modules may know about a user (never e-mail, phone or hashes). */
export interface UserSummary {
  id: number;
  username: string;
  role: Role;
  profileImageUrl: string | null;
}

/**
 * The account module's door for other modules (docs/ARCHITECTURE.md: modules talk through exported
 * services) and for admin use cases: roles, bans, public user summaries.
 */
@Injectable()
export class AccountService {
  constructor(
    private readonly ds: DataSource,
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly sessions: SessionService,
    private readonly profiles: AccountProfileService,
    private readonly tokens: TokenService,
    private readonly repo: AccountRepository,
  ) {}

  /** Username by id of the accounts among `ids` that are not banned (public lists, the sitemap). */
  activeUsernames(ids: number[]): Promise<Map<number, string>> {
    return this.repo.activeUsernames(ids);
  }

  /**
   * Makes `userId` a tipster when it is a plain user (docs/PRODUCT-RULES.md: set when a user first publishes).
   * Idempotent; an admin stays admin. Pass the caller's transaction manager to make it part of it.
   */
  async markTipster(userId: number, manager = this.ds.manager): Promise<void> {
    await manager.update(User, { id: userId, role: 'user' }, { role: 'tipster' });
  }

  /**
   * The role `userId` holds now in the database (an access token says what it was when signed,
   * up to 15 minutes ago: a user who has just published is a tipster before their token says so).
   * @throws AuthError TOKEN_INVALID (401) when the account no longer exists; AccountError ACCOUNT_BANNED (403).
   */
  async currentRole(userId: number): Promise<Role> {
    return (await loadActiveUser(this.ds.manager, userId)).role;
  }

  /**
   * A fresh access token for `caller`'s session carrying the account's current role and username
   * (e.g. after the first published slip made them a tipster; spec §3 Credentials: 15 minutes).
   * @throws AuthError TOKEN_INVALID (401) when the account no longer exists; AccountError ACCOUNT_BANNED (403).
   */
  async renewAccessToken(caller: AuthUser): Promise<string> {
    const user = await loadActiveUser(this.ds.manager, caller.id);
    return this.tokens.signAccess({ id: user.id, username: user.username, role: user.role }, caller.sessionId);
  }

  /**
   * Checks that `userId` exists and is not banned (for writes by other modules, since access tokens
   * are trusted without a database read for up to 15 minutes).
   * @throws AuthError TOKEN_INVALID (401); AccountError ACCOUNT_BANNED (403).
   */
  async assertActive(userId: number): Promise<void> {
    await loadActiveUser(this.ds.manager, userId);
  }

  /** Public summaries of `ids` (slip cards, leaderboards), in no particular order. */
  async findSummaries(ids: number[]): Promise<UserSummary[]> {
    if (!ids.length) return [];
    const rows = await this.users.find({ where: { id: In([...new Set(ids)]) } });
    return rows.map((u) => ({ id: u.id, username: u.username, role: u.role, profileImageUrl: this.profiles.imageUrl(u) }));
  }

  /**
   * Bans or unbans a user by username (admin). A ban ends every session at once; access tokens
   * already issued run out within 15 minutes, and every account route refuses the user meanwhile.
   * @throws AccountError USER_NOT_FOUND (404), CANNOT_BAN_ADMIN (400).
   */
  async setBanned(username: string, banned: boolean): Promise<{ username: string; banned: boolean }> {
    return this.ds.transaction(async (m) => {
      const user = await m
        .getRepository(User)
        .createQueryBuilder('u')
        .where('lower(u.username) = lower(:username)', { username })
        .setLock('pessimistic_write')
        .getOne();
      if (!user) throw new AccountError(AccountErrorCode.USER_NOT_FOUND);
      if (banned && user.role === 'admin') throw new AccountError(AccountErrorCode.CANNOT_BAN_ADMIN);
      await m.update(User, { id: user.id }, { bannedAt: banned ? (user.bannedAt ?? new Date()) : null });
      if (banned) await this.sessions.revokeAll(m, user.id, 'banned');
      return { username: user.username, banned };
    });
  }

  /**
   * Back office `users` update (docs/PRODUCT-RULES.md "Back office"): sets the role (user | tipster | admin) and/or bans or
   * unbans user `id`, inside the caller's transaction (`manager`, so the audit row commits with
   * it). A ban ends every session of the user at once (refresh tokens revoked; login and refresh
   * answer 403 ACCOUNT_BANNED); unbanning restores access without reviving old sessions.
   * A role change applies to access tokens issued from the next refresh (at most 15 minutes).
   * @throws AccountError USER_NOT_FOUND (404), CANNOT_BAN_ADMIN (400: demote first),
   *         CANNOT_CHANGE_SELF (400: an admin changing their own role or banning themselves).
   */
  async adminUpdate(
    id: number,
    change: { role?: Role; banned?: boolean },
    { manager = this.ds.manager, actorId }: { manager?: EntityManager; actorId?: number } = {},
  ): Promise<void> {
    const user = await manager.getRepository(User).createQueryBuilder('u').where('u.id = :id', { id }).setLock('pessimistic_write').getOne();
    if (!user) throw new AccountError(AccountErrorCode.USER_NOT_FOUND);
    const role = change.role ?? user.role;
    const banned = change.banned ?? user.bannedAt !== null;
    if (actorId === id && (role !== user.role || banned)) throw new AccountError(AccountErrorCode.CANNOT_CHANGE_SELF);
    if (banned && role === 'admin') throw new AccountError(AccountErrorCode.CANNOT_BAN_ADMIN);
    await manager.update(User, { id }, { role, bannedAt: banned ? (user.bannedAt ?? new Date()) : null });
    if (banned && !user.bannedAt) await this.sessions.revokeAll(manager, id, 'banned');
  }
}
