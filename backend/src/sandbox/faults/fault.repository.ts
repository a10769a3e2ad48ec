import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { query, Sql } from '../common/sql';
import { FaultTarget } from '../sandbox.constants';

/** A fault armed on a target: the next `remaining` calls fail with `status`. */
export interface Fault {
  target: FaultTarget;
  remaining: number;
  status: number;
}

/** How long a process trusts its list of armed targets (ms); set/clear here refresh it at once. */
const ARMED_CACHE_MS = 250;

/**
 * `sandbox_fault`: injected failures, shared by every process through PostgreSQL. The hot paths
 * (every sandbox call and callback) only touch the table when their target is armed: the armed
 * list is read at most every 250 ms per process, so another process sees a new fault within that.
 */
@Injectable()
export class FaultRepository {
  private armed: Set<string> = new Set();
  private armedAt = 0;

  constructor(private readonly ds: DataSource) {}

  /**
   * Whether `target` has failures left (cached, see the class comment). Inside a transaction pass
   * its manager as `db`: a second pool connection per transaction could exhaust the pool.
   */
  async isArmed(target: FaultTarget, db: Sql = this.ds): Promise<boolean> {
    if (Date.now() - this.armedAt >= ARMED_CACHE_MS) {
      const rows = await query<{ target: string }>(
        db,
        `SELECT target FROM sandbox_fault WHERE remaining > 0`,
      );
      this.armed = new Set(rows.map((r) => r.target));
      this.armedAt = Date.now();
    }
    return this.armed.has(target);
  }

  /**
   * Uses up one failure of `target`, atomically (concurrent callers never share one).
   * @returns the HTTP status to fail with, or null when nothing is armed.
   */
  async consume(target: FaultTarget, db: Sql = this.ds): Promise<number | null> {
    if (!(await this.isArmed(target, db))) return null;
    const rows = await query<{ status: number }>(
      db,
      `UPDATE sandbox_fault SET remaining = remaining - 1, updated_at = now()
        WHERE target = $1 AND remaining > 0 RETURNING status`,
      [target],
    );
    return rows[0]?.status ?? null;
  }

  /** Arms (or with count 0 disarms) `target`. */
  async set(fault: Fault): Promise<void> {
    await this.ds.query(
      `INSERT INTO sandbox_fault (target, remaining, status) VALUES ($1, $2, $3)
       ON CONFLICT (target) DO UPDATE SET remaining = EXCLUDED.remaining, status = EXCLUDED.status, updated_at = now()`,
      [fault.target, fault.remaining, fault.status],
    );
    this.armedAt = 0;
  }

  /** Every armed fault. */
  async list(): Promise<Fault[]> {
    return query<Fault>(
      this.ds,
      `SELECT target, remaining, status FROM sandbox_fault WHERE remaining > 0 ORDER BY target`,
    );
  }

  /** Disarms everything. */
  async clear(): Promise<void> {
    await this.ds.query(`DELETE FROM sandbox_fault`);
    this.armedAt = 0;
  }
}
