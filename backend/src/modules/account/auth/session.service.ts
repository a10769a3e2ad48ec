import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'crypto';
import { EntityManager } from 'typeorm';
import { CLOCK, type Clock } from '../../../common/clock/clock';
import { TransactionRunner } from '../../../database/transaction-runner';
import { AccountRepository } from '../account.repository';
import { AccountError, AccountErrorCode } from '../account.errors';
import { CredentialsRepository } from '../credentials.repository';
import { hashSecretToken, sameDigest } from '../domain/secret-token';
import { User } from '../entities/user.entity';
import { TokenService } from './token.service';

/**
 * How long after a rotation the just-replaced refresh token is refused *without* revoking the
 * family (concurrent refreshes from two tabs of the same browser). Later reuse revokes it.
 */
export const REFRESH_REUSE_GRACE_MS = 10_000;

/** Why a session ended (refresh_token_family.revoked_reason). */
export type RevokeReason = 'logout' | 'reuse' | 'password-change' | 'password-reset' | 'banned';

/** An access token and the refresh token that renews it. */
export interface TokenPair {
  access: string;
  refresh: string;
}

type RotateOutcome =
  | { kind: 'ok'; user: User; familyId: string; refresh: string }
  | { kind: 'invalid' | 'reuse' | 'banned' };

/**
 * Login sessions as refresh-token families (docs/PRODUCT-RULES.md "Accounts"): start one at login/registration, rotate its
 * refresh token on every use, detect reuse of an old token (→ the whole family is revoked), and
 * revoke families on logout, password change/reset and bans.
 */
@Injectable()
export class SessionService {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly users: AccountRepository,
    private readonly credentials: CredentialsRepository,
    private readonly tokens: TokenService,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Starts a session for `user` inside the caller's transaction; returns its first token pair. */
  async start(manager: EntityManager, user: User): Promise<TokenPair> {
    const now = this.clock.now();
    const familyId = randomUUID();
    const refresh = this.tokens.signRefresh(user.id, familyId, 0, now);
    await this.credentials.insertFamily(manager, {
      id: familyId,
      userId: user.id,
      generation: 0,
      tokenHash: hashSecretToken(refresh.token),
      expiresAt: refresh.expiresAt,
    });
    return { access: this.tokens.signAccess(user, familyId), refresh: refresh.token };
  }

  /**
   * Exchanges a refresh token for a new pair (POST /api/account/token/refresh). The presented
   * token stops working. Presenting an already-rotated token revokes its family (reuse detection),
   * except the one just replaced within REFRESH_REUSE_GRACE_MS (refused, session kept).
   * One transaction with the family row locked, so two concurrent uses cannot both succeed.
   * @throws AccountError REFRESH_INVALID (401) for a bad, expired, revoked or reused token;
   *         ACCOUNT_BANNED (403) when the user is banned (the family is revoked too).
   */
  async rotate(refreshToken: string): Promise<TokenPair> {
    const claims = this.tokens.verifyRefresh(refreshToken);
    if (!claims) throw new AccountError(AccountErrorCode.REFRESH_INVALID);
    const now = this.clock.now();
    const outcome = await this.tx.run(async (m): Promise<RotateOutcome> => {
      const family = await this.credentials.lockFamily(m, claims.sid);
      if (!family || family.userId !== claims.userId || family.revokedAt)
        return { kind: 'invalid' };
      if (claims.gen < family.generation) {
        // The previous token presented again moments after its rotation is the same client racing
        // itself (two tabs, a retry): refuse it without ending the session. Anything older is reuse.
        const racing =
          claims.gen === family.generation - 1 &&
          family.rotatedAt !== null &&
          now.getTime() - family.rotatedAt.getTime() < REFRESH_REUSE_GRACE_MS;
        if (racing) return { kind: 'invalid' };
        await this.revokeFamily(m, family.id, 'reuse', now);
        return { kind: 'reuse' };
      }
      if (
        claims.gen !== family.generation ||
        !sameDigest(hashSecretToken(refreshToken), family.tokenHash) ||
        family.expiresAt <= now
      ) {
        return { kind: 'invalid' };
      }
      const user = await this.users.byId(m, family.userId);
      if (!user) return { kind: 'invalid' };
      if (user.bannedAt) {
        await this.revokeFamily(m, family.id, 'banned', now);
        return { kind: 'banned' };
      }
      const next = this.tokens.signRefresh(user.id, family.id, family.generation + 1, now);
      await this.credentials.rotateFamily(m, family.id, {
        generation: family.generation + 1,
        tokenHash: hashSecretToken(next.token),
        expiresAt: next.expiresAt,
        rotatedAt: now,
      });
      return { kind: 'ok', user, familyId: family.id, refresh: next.token };
    });
    // Revocations above are committed before the error is thrown.
    if (outcome.kind === 'banned') throw new AccountError(AccountErrorCode.ACCOUNT_BANNED);
    if (outcome.kind !== 'ok') throw new AccountError(AccountErrorCode.REFRESH_INVALID);
    return {
      access: this.tokens.signAccess(outcome.user, outcome.familyId),
      refresh: outcome.refresh,
    };
  }

  /**
   * Ends the session of `refreshToken` (signature checked, expiry ignored) and/or, when no token
   * is given, every session of `userId`. Idempotent; never reveals whether anything was revoked.
   */
  async logout(refreshToken: string | undefined, userId: number | undefined): Promise<void> {
    const now = this.clock.now();
    if (refreshToken) {
      const claims = this.tokens.decodeRefreshForLogout(refreshToken);
      if (claims) await this.tx.run((m) => this.revokeFamily(m, claims.sid, 'logout', now));
      return;
    }
    if (userId) await this.tx.run((m) => this.revokeAll(m, userId, 'logout'));
  }

  /** Revokes every live session of `userId` except `keepFamilyId` (inside the caller's transaction). */
  async revokeAll(
    manager: EntityManager,
    userId: number,
    reason: RevokeReason,
    keepFamilyId?: string | null,
  ): Promise<void> {
    await this.credentials.revokeFamilies(manager, userId, this.clock.now(), reason, keepFamilyId);
  }

  private async revokeFamily(
    manager: EntityManager,
    familyId: string,
    reason: RevokeReason,
    now: Date,
  ): Promise<void> {
    await this.credentials.revokeFamily(manager, familyId, now, reason);
  }
}
