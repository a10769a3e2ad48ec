import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { User } from './entities/user.entity';

/** The account's own row as its export shows it (docs/PRODUCT-RULES.md R260): never the password hash. */
export interface AccountProfileData {
  id: number;
  username: string;
  email: string;
  phone_number: string | null;
  msisdn: string | null;
  role: string;
  name: string;
  city: string;
  country: string;
  avatar_file: string | null;
  email_verified_at: Date | null;
  banned_at: Date | null;
  password_changed_at: Date | null;
  erased_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

/** What the account knows of how to reach its holder: the keys other modules' rows are found by. */
export interface AccountContacts {
  username: string;
  email: string;
  msisdn: string | null;
  phoneNumber: string | null;
  country: string;
  avatarFile: string | null;
  erasedAt: Date | null;
}

/**
 * The account module's personal data (docs/PRODUCT-RULES.md R260, R263; docs/ARCHITECTURE.md
 * "Personal data"): the rows of `app_user`, `refresh_token_family`, `password_reset_token` and
 * `email_verification_code` about one user, read for the export (no hash of any secret) and
 * erased for a closing.
 */
@Injectable()
export class AccountDataRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** The user's row, or null. */
  async profile(userId: number): Promise<AccountProfileData | null> {
    const [row] = await this.ds.query(
      `SELECT id, username, email, phone_number, msisdn, role, name, city, country, avatar_file, email_verified_at, banned_at,
              password_changed_at, erased_at, created_at, updated_at
         FROM app_user WHERE id = $1`,
      [userId],
    );
    return row ?? null;
  }

  /** The user's login sessions (refresh-token families), newest first, without token hashes. */
  sessions(userId: number): Promise<Record<string, unknown>[]> {
    return this.ds.query(
      `SELECT id, generation, created_at, rotated_at, expires_at, revoked_at, revoked_reason
         FROM refresh_token_family WHERE user_id = $1 ORDER BY created_at DESC, id`,
      [userId],
    );
  }

  /** The user's password-reset links and e-mail verification codes, without their hashes. */
  async credentials(userId: number): Promise<Record<string, unknown>[]> {
    const resets: Record<string, unknown>[] = await this.ds.query(
      `SELECT 'password-reset' AS kind, id::text, NULL AS email, created_at, expires_at, used_at
         FROM password_reset_token WHERE user_id = $1 ORDER BY id`,
      [userId],
    );
    const codes: Record<string, unknown>[] = await this.ds.query(
      `SELECT 'email-verification' AS kind, id::text, email, created_at, expires_at, used_at
         FROM email_verification_code WHERE user_id = $1 ORDER BY id`,
      [userId],
    );
    return [...resets, ...codes];
  }

  /** The user's contacts and state (locked for update when `m` is a transaction), or null. */
  async contacts(
    userId: number,
    m: EntityManager = this.ds.manager,
    lock = false,
  ): Promise<AccountContacts | null> {
    const qb = m.getRepository(User).createQueryBuilder('u').where('u.id = :userId', { userId });
    if (lock) qb.setLock('pessimistic_write');
    const u = await qb.getOne();
    if (!u) return null;
    return {
      username: u.username,
      email: u.email,
      msisdn: u.msisdn,
      phoneNumber: u.phoneNumber,
      country: u.country,
      avatarFile: u.avatarFile,
      erasedAt: u.erasedAt,
    };
  }

  /**
   * Replaces the personal fields of user `userId` by `tombstone`, marks it erased at `at` with the
   * hash of its former username, and deletes its sessions, reset links and verification codes
   * (inside the caller's transaction).
   */
  async erase(
    m: EntityManager,
    userId: number,
    tombstone: Partial<User>,
    usernameHash: string,
    at: Date,
  ): Promise<void> {
    await m.update(
      User,
      { id: userId },
      { ...tombstone, erasedAt: at, erasedUsernameHash: usernameHash },
    );
    await m.query(`DELETE FROM refresh_token_family WHERE user_id = $1`, [userId]);
    await m.query(`DELETE FROM password_reset_token WHERE user_id = $1`, [userId]);
    await m.query(`DELETE FROM email_verification_code WHERE user_id = $1`, [userId]);
  }
}
