import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { DataRow } from '../../common/personal-data/personal-data';

/**
 * The rg module's personal data (docs/PRODUCT-RULES.md R260, R265; docs/ARCHITECTURE.md "Personal
 * data"): the spend caps and self-exclusions of a phone, and the one-time codes sent to it
 * (without their hashes). A cap or an exclusion is never erased on request: it protects the
 * gambler (R265); the codes are.
 */
@Injectable()
export class RgDataRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** The limits row of each of `phones` (keyed by the phone). */
  limitsOf(phones: string[]): Promise<DataRow[]> {
    return this.ds.query(
      `SELECT phone AS id, phone, daily_cap_ksh::text AS daily_cap_ksh, next_cap_ksh::text AS next_cap_ksh, next_cap_from, excluded_until,
              created_at, updated_at
         FROM rg_limit WHERE phone = ANY($1::text[]) ORDER BY phone`,
      [phones],
    );
  }

  /** The one-time codes sent to `phones`, without the code's hash. */
  codesOf(phones: string[]): Promise<DataRow[]> {
    return this.ds.query(
      `SELECT id::text AS id, phone, purpose, attempts, used_at, expires_at, created_at FROM rg_code WHERE phone = ANY($1::text[]) ORDER BY id`,
      [phones],
    );
  }

  /** Deletes the one-time codes of `phone` created before `before` (inside the caller's transaction). */
  async eraseCodes(m: EntityManager, phone: string, before: Date): Promise<void> {
    await m.query(`DELETE FROM rg_code WHERE phone = $1 AND created_at < $2`, [phone, before]);
  }
}
