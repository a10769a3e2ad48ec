import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { Money } from '../../common/money/money';
import { NO_LIMITS, RgState } from './domain/rg-rules';

/**
 * What a one-time code proves the phone for (docs/PRODUCT-RULES.md R160): the responsible-gambling
 * controls, or reading the phone's purchases (a buyer's history).
 */
export type CodePurpose = 'rg' | 'buyer' | 'data';

/** A stored one-time code. */
export interface RgCodeRow {
  id: string;
  codeHash: string;
  attempts: number;
  expiresAt: Date;
  createdAt: Date;
}

const money = (v: string | null): Money | null => (v === null ? null : Money.parse(v));

/**
 * The responsible-gambling tables (`rg_limit`, `rg_code`: docs/ARCHITECTURE.md "Table
 * ownership"). Methods taking `em` run in the caller's transaction.
 */
@Injectable()
export class RgRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /**
   * Serialises everything that reads or changes `phone`'s limits or spend until the transaction
   * ends (a transaction-scoped advisory lock), so two parallel buys are judged one after the other.
   */
  async lockPhone(em: EntityManager, phone: string): Promise<void> {
    await em.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [`rg-${phone}`]);
  }

  /** The stored state of `phone`, or NO_LIMITS. */
  async state(em: EntityManager, phone: string): Promise<RgState> {
    const [row] = (await em.query(
      `SELECT daily_cap_ksh::text AS cap, next_cap_ksh::text AS next, next_cap_from, excluded_until FROM rg_limit WHERE phone = $1`,
      [phone],
    )) as {
      cap: string | null;
      next: string | null;
      next_cap_from: Date | null;
      excluded_until: Date | null;
    }[];
    if (!row) return NO_LIMITS;
    return {
      dailyCapKsh: money(row.cap),
      nextCapKsh: money(row.next),
      nextCapFrom: row.next_cap_from,
      excludedUntil: row.excluded_until,
    };
  }

  /** Stores `state` for `phone` (insert or replace). */
  async save(em: EntityManager, phone: string, state: RgState): Promise<void> {
    await em.query(
      `INSERT INTO rg_limit (phone, daily_cap_ksh, next_cap_ksh, next_cap_from, excluded_until)
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (phone) DO UPDATE SET daily_cap_ksh = EXCLUDED.daily_cap_ksh, next_cap_ksh = EXCLUDED.next_cap_ksh,
         next_cap_from = EXCLUDED.next_cap_from, excluded_until = EXCLUDED.excluded_until, updated_at = now()`,
      [
        phone,
        state.dailyCapKsh?.toDecimal() ?? null,
        state.nextCapKsh?.toDecimal() ?? null,
        state.nextCapFrom,
        state.excludedUntil,
      ],
    );
  }

  /** Stores a new code of `purpose` for `phone`. */
  async insertCode(
    phone: string,
    purpose: CodePurpose,
    codeHash: string,
    expiresAt: Date,
    createdAt: Date,
  ): Promise<void> {
    await this.ds.query(
      `INSERT INTO rg_code (phone, purpose, code_hash, expires_at, created_at) VALUES ($1, $2, $3, $4, $5)`,
      [phone, purpose, codeHash, expiresAt, createdAt],
    );
  }

  /** The newest code of `purpose` sent to `phone` (used or not), or null. */
  async latestCode(
    phone: string,
    purpose: CodePurpose,
    em: EntityManager = this.ds.manager,
  ): Promise<(RgCodeRow & { usedAt: Date | null }) | null> {
    const [row] = (await em.query(
      `SELECT id::text, code_hash, attempts, expires_at, created_at, used_at FROM rg_code
        WHERE phone = $1 AND purpose = $2 ORDER BY created_at DESC, id DESC LIMIT 1`,
      [phone, purpose],
    )) as {
      id: string;
      code_hash: string;
      attempts: number;
      expires_at: Date;
      created_at: Date;
      used_at: Date | null;
    }[];
    return row
      ? {
          id: row.id,
          codeHash: row.code_hash,
          attempts: row.attempts,
          expiresAt: row.expires_at,
          createdAt: row.created_at,
          usedAt: row.used_at,
        }
      : null;
  }

  /** Counts a wrong guess of code `id` (committed on its own, so a failed request still counts). */
  async countWrongGuess(id: string): Promise<void> {
    await this.ds.query(`UPDATE rg_code SET attempts = attempts + 1 WHERE id = $1`, [id]);
  }

  /** Marks code `id` used, in the caller's transaction; false when it was already used. */
  async markUsed(em: EntityManager, id: string, at: Date): Promise<boolean> {
    const [, n] = (await em.query(
      `UPDATE rg_code SET used_at = $2 WHERE id = $1 AND used_at IS NULL`,
      [id, at],
    )) as [unknown, number];
    return n === 1;
  }
}
