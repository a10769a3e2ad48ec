import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { Clock, CLOCK } from '../../common/clock/clock';
import type { AuthUser, Role } from '../../common/guards/auth-user';
import { internationalPhone } from '../../common/msisdn/msisdn';
import { TransactionRunner } from '../../database/transaction-runner';
import { AccountError, AccountErrorCode } from './account.errors';
import { AccountRepository } from './account.repository';
import { AccountProfileService } from './account-profile.service';
import { SessionService } from './auth/session.service';
import { TokenService } from './auth/token.service';

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
    private readonly tx: TransactionRunner,
    private readonly users: AccountRepository,
    private readonly sessions: SessionService,
    private readonly profiles: AccountProfileService,
    private readonly tokens: TokenService,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Username by id of the accounts among `ids` that are not banned (public lists, the sitemap). */
  activeUsernames(ids: number[]): Promise<Map<number, string>> {
    return this.users.activeUsernames(ids);
  }

  /**
   * Makes `userId` a tipster when it is a plain user (docs/PRODUCT-RULES.md: set when a user first publishes).
   * Idempotent; an admin stays admin. Pass the caller's transaction manager to make it part of it.
   */
  async markTipster(userId: number, manager?: EntityManager): Promise<void> {
    await this.tx.run((m) => this.users.promoteToTipster(m, userId), manager);
  }

  /**
   * The role `userId` holds now in the database (an access token says what it was when signed,
   * up to 15 minutes ago: a user who has just published is a tipster before their token says so).
   * @throws AuthError TOKEN_INVALID (401) when the account no longer exists; AccountError ACCOUNT_BANNED (403).
   */
  async currentRole(userId: number): Promise<Role> {
    return (await this.users.loadActive(userId)).role;
  }

  /**
   * A fresh access token for `caller`'s session carrying the account's current role and username
   * (e.g. after the first published slip made them a tipster; docs/PRODUCT-RULES.md R58: 15
   * minutes).
   * @throws AuthError TOKEN_INVALID (401) when the account no longer exists; AccountError ACCOUNT_BANNED (403).
   */
  async renewAccessToken(caller: AuthUser): Promise<string> {
    const user = await this.users.loadActive(caller.id);
    return this.tokens.signAccess(
      { id: user.id, username: user.username, role: user.role },
      caller.sessionId,
    );
  }

  /**
   * Checks that `userId` exists and is not banned (for writes by other modules, since access tokens
   * are trusted without a database read for up to 15 minutes).
   * @throws AuthError TOKEN_INVALID (401); AccountError ACCOUNT_BANNED (403).
   */
  async assertActive(userId: number): Promise<void> {
    await this.users.loadActive(userId);
  }

  /**
   * The phone of the account registered with `email` (ignoring case), in international digits
   * (`2547XXXXXXXX`, `234…`, `256…`), or null when no account or no phone: the identity a
   * Flutterwave buyer's spend caps and self-exclusion apply to (docs/PRODUCT-RULES.md "Records and
   * responsible gambling").
   */
  async phoneForEmail(email: string): Promise<string | null> {
    const user = await this.users.byEmail(email.trim().toLowerCase());
    if (!user?.phoneNumber) return null;
    return internationalPhone(user.phoneNumber, user.country);
  }

  /** Id of the user named `username` (case-insensitive; slip lists' `username` filter), or null. */
  async idByUsername(username: string): Promise<number | null> {
    return (await this.users.byUsername(username))?.id ?? null;
  }

  /** Public summaries of `ids` (slip cards, leaderboards), in no particular order. */
  async findSummaries(ids: number[]): Promise<UserSummary[]> {
    if (!ids.length) return [];
    const rows = await this.users.byIds(ids);
    return rows.map((u) => ({
      id: u.id,
      username: u.username,
      role: u.role,
      profileImageUrl: this.profiles.imageUrl(u),
    }));
  }

  /**
   * Bans or unbans a user by username (admin). A ban ends every session at once; access tokens
   * already issued run out within 15 minutes, and every account route refuses the user meanwhile.
   * @throws AccountError USER_NOT_FOUND (404), CANNOT_BAN_ADMIN (400).
   */
  async setBanned(
    username: string,
    banned: boolean,
  ): Promise<{ username: string; banned: boolean }> {
    return this.tx.run(async (m) => {
      const user = await this.users.byUsername(username, { lock: true }, m);
      if (!user) throw new AccountError(AccountErrorCode.USER_NOT_FOUND);
      if (banned && user.role === 'admin')
        throw new AccountError(AccountErrorCode.CANNOT_BAN_ADMIN);
      await this.users.update(m, user.id, {
        bannedAt: banned ? (user.bannedAt ?? this.clock.now()) : null,
      });
      if (banned) await this.sessions.revokeAll(m, user.id, 'banned');
      return { username: user.username, banned };
    });
  }

  /**
   * Back office `users` update (docs/PRODUCT-RULES.md "Back office"): sets the role (user | tipster
   * | admin) and/or bans or unbans user `id`, inside the caller's transaction (`manager`, so the
   * audit row commits with it). A ban ends every session of the user at once (refresh tokens
   * revoked; login and refresh answer 403 ACCOUNT_BANNED); unbanning restores access without
   * reviving old sessions. A role change applies to access tokens issued from the next refresh (at
   * most 15 minutes).
   * @throws AccountError USER_NOT_FOUND (404), CANNOT_BAN_ADMIN (400: demote first),
   *         CANNOT_CHANGE_SELF (400: an admin changing their own role or banning themselves).
   */
  async adminUpdate(
    id: number,
    change: { role?: Role; banned?: boolean },
    { manager, actorId }: { manager?: EntityManager; actorId?: number } = {},
  ): Promise<void> {
    return this.tx.run((m) => this.adminUpdateIn(m, id, change, actorId), manager);
  }

  private async adminUpdateIn(
    manager: EntityManager,
    id: number,
    change: { role?: Role; banned?: boolean },
    actorId: number | undefined,
  ): Promise<void> {
    const user = await this.users.lock(manager, id);
    if (!user) throw new AccountError(AccountErrorCode.USER_NOT_FOUND);
    const role = change.role ?? user.role;
    const banned = change.banned ?? user.bannedAt !== null;
    if (actorId === id && (role !== user.role || banned))
      throw new AccountError(AccountErrorCode.CANNOT_CHANGE_SELF);
    if (banned && role === 'admin') throw new AccountError(AccountErrorCode.CANNOT_BAN_ADMIN);
    await this.users.update(manager, id, {
      role,
      bannedAt: banned ? (user.bannedAt ?? this.clock.now()) : null,
    });
    if (banned && !user.bannedAt) await this.sessions.revokeAll(manager, id, 'banned');
  }
}
