import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import {
  LEDGER_ACCOUNT,
  LEDGER_KIND,
  LEDGER_STATUS,
  LedgerAccount,
  LedgerKind,
  LedgerStatus,
} from './ledger.constants';

/** A row to insert; amounts as 2-decimal Ksh strings (never floats). */
export interface LedgerRowInput {
  userId: number | null;
  account: LedgerAccount;
  kind: LedgerKind;
  amount: string;
  status: LedgerStatus;
  purchaseId: string | null;
  withdrawalId: string | null;
  voucherId: string | null;
  /** Default: the transaction's now(). */
  createdAt: Date | null;
}

/** The tipster sums of one user as numeric strings (Ksh). */
export interface LedgerSums {
  pending: string;
  earned: string;
  balance: string;
  today: string;
  month: string;
}

/** Advisory-lock class of a tipster's ledger account (pg_advisory_xact_lock(class, user id)). */
const ACCOUNT_LOCK_CLASS = 7;

/**
 * The only SQL on `ledger_entry` (docs/ARCHITECTURE.md "Table ownership": finance owns it).
 * Every method runs on the manager it is given, so callers keep their own transaction.
 * The balance rule (docs/PRODUCT-RULES.md "Money"): paid sale shares plus withdrawal rows
 * (negative) plus reversals (positive).
 */
@Injectable()
export class LedgerRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** The manager to use when a caller passes none. */
  get manager(): EntityManager {
    return this.ds.manager;
  }

  /**
   * Inserts `rows` in one statement; a row whose (kind, purchase_id), (kind, withdrawal_id) or
   * (kind, voucher_id) exists is ignored. Returns how many rows were new.
   */
  async insert(em: EntityManager, rows: LedgerRowInput[]): Promise<number> {
    if (!rows.length) return 0;
    const inserted: unknown[] = await em.query(
      `INSERT INTO ledger_entry (user_id, account, kind, amount, status, purchase_id, withdrawal_id, voucher_id, created_at)
       SELECT u.user_id, u.account, u.kind, u.amount, u.status, u.purchase_id, u.withdrawal_id, u.voucher_id, COALESCE(u.created_at, now())
         FROM unnest($1::int[], $2::text[], $3::text[], $4::numeric[], $5::text[], $6::bigint[], $7::bigint[], $8::timestamptz[], $9::bigint[])
              WITH ORDINALITY AS u(user_id, account, kind, amount, status, purchase_id, withdrawal_id, created_at, voucher_id, n)
        ORDER BY u.n
       ON CONFLICT DO NOTHING RETURNING id`,
      [
        rows.map((r) => r.userId),
        rows.map((r) => r.account),
        rows.map((r) => r.kind),
        rows.map((r) => r.amount),
        rows.map((r) => r.status),
        rows.map((r) => r.purchaseId),
        rows.map((r) => r.withdrawalId),
        rows.map((r) => r.createdAt?.toISOString() ?? null),
        rows.map((r) => r.voucherId),
      ],
    );
    return inserted.length;
  }

  /**
   * Moves the pending (W) sale shares of the given purchases to their new status in one UPDATE;
   * rows not W are left alone. Returns the purchases whose share changed.
   */
  async settleSaleShares(
    em: EntityManager,
    changes: { purchaseId: string; status: LedgerStatus }[],
  ): Promise<string[]> {
    if (!changes.length) return [];
    const res: unknown = await em.query(
      `UPDATE ledger_entry l SET status = v.status
         FROM unnest($1::bigint[], $2::text[]) AS v (purchase_id, status)
        WHERE l.purchase_id = v.purchase_id AND l.kind = $3 AND l.status = $4
      RETURNING l.purchase_id::text AS purchase_id`,
      [
        changes.map((c) => c.purchaseId),
        changes.map((c) => c.status),
        LEDGER_KIND.SALE_SHARE,
        LEDGER_STATUS.PENDING,
      ],
    );
    const rows = (Array.isArray(res) && Array.isArray(res[0]) ? res[0] : res) as {
      purchase_id: string;
    }[];
    return rows.map((r) => r.purchase_id);
  }

  /**
   * Moves the pending (W) sale shares of `purchaseIds` to unpaid (U) in one UPDATE (a refund by
   * voucher, docs/PRODUCT-RULES.md R243); rows not W are left alone. Returns the changed shares.
   */
  async reverseSaleShares(
    em: EntityManager,
    purchaseIds: string[],
  ): Promise<{ purchase_id: string; amount: string; user_id: number }[]> {
    if (!purchaseIds.length) return [];
    const res: unknown = await em.query(
      `UPDATE ledger_entry SET status = $3
        WHERE purchase_id = ANY($1::bigint[]) AND kind = $2 AND status = $4
      RETURNING purchase_id::text AS purchase_id, amount::text AS amount, user_id`,
      [purchaseIds, LEDGER_KIND.SALE_SHARE, LEDGER_STATUS.UNPAID, LEDGER_STATUS.PENDING],
    );
    return (Array.isArray(res) && Array.isArray(res[0]) ? res[0] : res) as {
      purchase_id: string;
      amount: string;
      user_id: number;
    }[];
  }

  /** The tipster sums of `userId`; `today`/`month` count shares created in [dayStart, now] / [monthStart, now]. */
  async sums(
    em: EntityManager,
    userId: number,
    dayStart: Date,
    monthStart: Date,
    now: Date,
  ): Promise<LedgerSums> {
    const [row] = await em.query(
      `SELECT
         COALESCE(SUM(amount) FILTER (WHERE kind = $2 AND status = 'W'), 0)::text AS pending,
         COALESCE(SUM(amount) FILTER (WHERE kind = $2 AND status = 'P'), 0)::text AS earned,
         COALESCE(SUM(amount) FILTER (WHERE (kind = $2 AND status = 'P') OR kind IN ($3, $4)), 0)::text AS balance,
         COALESCE(SUM(amount) FILTER (WHERE kind = $2 AND status IN ('W', 'P') AND created_at >= $5 AND created_at <= $7), 0)::text AS today,
         COALESCE(SUM(amount) FILTER (WHERE kind = $2 AND status IN ('W', 'P') AND created_at >= $6 AND created_at <= $7), 0)::text AS month
       FROM ledger_entry WHERE user_id = $1 AND account = $8`,
      [
        userId,
        LEDGER_KIND.SALE_SHARE,
        LEDGER_KIND.WITHDRAWAL,
        LEDGER_KIND.WITHDRAWAL_REVERSAL,
        dayStart,
        monthStart,
        now,
        LEDGER_ACCOUNT.TIPSTER,
      ],
    );
    return row;
  }

  /** The balance of `userId` as a numeric string (Ksh). */
  async balance(em: EntityManager, userId: number): Promise<string> {
    const [row] = await em.query(
      `SELECT COALESCE(SUM(amount), 0)::text AS balance FROM ledger_entry
        WHERE user_id = $1 AND account = $5 AND ((kind = $2 AND status = 'P') OR kind IN ($3, $4))`,
      [
        userId,
        LEDGER_KIND.SALE_SHARE,
        LEDGER_KIND.WITHDRAWAL,
        LEDGER_KIND.WITHDRAWAL_REVERSAL,
        LEDGER_ACCOUNT.TIPSTER,
      ],
    );
    return row.balance;
  }

  /** A page of `userId`'s sale shares, newest first, and how many there are in all. */
  async saleShares(
    em: EntityManager,
    userId: number,
    limit: number,
    offset: number,
  ): Promise<{
    rows: {
      id: string;
      purchase_id: string | null;
      amount: string;
      status: string;
      created_at: Date;
    }[];
    total: number;
  }> {
    const rows: {
      id: string;
      purchase_id: string | null;
      amount: string;
      status: string;
      created_at: Date;
      total: string;
    }[] = await em.query(
      `SELECT id::text, purchase_id::text, amount::text, status, created_at, COUNT(*) OVER () AS total
         FROM ledger_entry WHERE user_id = $1 AND kind = $2
        ORDER BY created_at DESC, id DESC LIMIT $3 OFFSET $4`,
      [userId, LEDGER_KIND.SALE_SHARE, limit, offset],
    );
    if (rows.length) return { rows, total: Number(rows[0].total) };
    const [row] = await em.query(
      `SELECT COUNT(*) AS n FROM ledger_entry WHERE user_id = $1 AND kind = $2`,
      [userId, LEDGER_KIND.SALE_SHARE],
    );
    return { rows: [], total: Number(row.n) };
  }

  /** How many rows of `kind` exist. */
  async countOfKind(em: EntityManager, kind: LedgerKind): Promise<number> {
    const [row] = await em.query(`SELECT COUNT(*) AS n FROM ledger_entry WHERE kind = $1`, [kind]);
    return Number(row.n);
  }

  /**
   * The ledger rows of `userId`, oldest first, as a keyset page by id (docs/PRODUCT-RULES.md R260:
   * the tipster's export). Amounts as 2-decimal Ksh strings.
   */
  entriesOf(
    userId: number,
    after: string | null,
    limit: number,
  ): Promise<({ id: string } & Record<string, unknown>)[]> {
    return this.ds.query(
      `SELECT id::text AS id, account, kind, amount::text AS amount, status, purchase_id::text AS purchase_id,
              withdrawal_id::text AS withdrawal_id, created_at
         FROM ledger_entry WHERE user_id = $1 AND id > COALESCE($2::bigint, 0) ORDER BY id LIMIT $3`,
      [userId, after, limit],
    );
  }

  /** Holds `userId`'s ledger account until the transaction of `em` ends (serializes withdrawals). */
  async lockAccount(em: EntityManager, userId: number): Promise<void> {
    await em.query(`SELECT pg_advisory_xact_lock($1, $2)`, [ACCOUNT_LOCK_CLASS, userId]);
  }

  /** Which of `purchaseIds` still have a pending (W) sale share (docs/PRODUCT-RULES.md R271). */
  async purchasesWithPendingShare(em: EntityManager, purchaseIds: string[]): Promise<string[]> {
    if (!purchaseIds.length) return [];
    const rows: { purchase_id: string }[] = await em.query(
      `SELECT purchase_id::text AS purchase_id FROM ledger_entry WHERE kind = $1 AND status = $2 AND purchase_id = ANY($3::bigint[])`,
      [LEDGER_KIND.SALE_SHARE, LEDGER_STATUS.PENDING, purchaseIds],
    );
    return rows.map((r) => r.purchase_id);
  }
}
