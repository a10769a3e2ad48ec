import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { PicksDeliveryState } from './domain/picks-delivery';

/** A new `picks_delivery` row, written in the payment transaction. */
export interface NewPicksDelivery {
  purchaseId: string;
  slipId: number;
  phone: string;
  email: string | null;
  code: string;
  txRef: string | null;
  smsId: string;
  picksEmailId: string | null;
  firstKickoffAt: Date | null;
  queuedAt: Date;
  dueAt: Date;
}

/** An open row as the delivery check locks it. */
export interface OpenPicksDelivery {
  purchaseId: string;
  slipId: number;
  phone: string;
  email: string | null;
  code: string;
  txRef: string | null;
  state: PicksDeliveryState;
  smsId: string;
  resendSmsId: string | null;
  picksEmailId: string | null;
  atStatus: string | null;
  firstKickoffAt: Date | null;
  dueAt: Date;
}

/** What one check writes back to a row (only the fields given). */
export interface PicksDeliveryPatch {
  state?: PicksDeliveryState;
  atStatus?: string | null;
  resendSmsId?: string;
  fallbackSmsId?: string;
  fallbackEmailId?: string | null;
  dueAt?: Date;
  sentAt?: Date;
  failedAt?: Date;
  resentAt?: Date;
  fallbackAt?: Date;
  deliveredAt?: Date;
  undeliveredAt?: Date;
  closedAt?: Date;
}

const COLUMNS: Record<keyof PicksDeliveryPatch, string> = {
  state: 'state',
  atStatus: 'at_status',
  resendSmsId: 'resend_sms_id',
  fallbackSmsId: 'fallback_sms_id',
  fallbackEmailId: 'fallback_email_id',
  dueAt: 'due_at',
  sentAt: 'sent_at',
  failedAt: 'failed_at',
  resentAt: 'resent_at',
  fallbackAt: 'fallback_at',
  deliveredAt: 'delivered_at',
  undeliveredAt: 'undelivered_at',
  closedAt: 'closed_at',
};

/**
 * The slip module's table `picks_delivery` (docs/ARCHITECTURE.md "Table ownership";
 * docs/PRODUCT-RULES.md R220–R226): the only code that reads or writes it. Times come from the
 * caller (the application clock), never from the database's now().
 */
@Injectable()
export class PicksDeliveryRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** Runs `work` in one transaction (the delivery check: lock, decide, write, queue messages). */
  inTransaction<T>(work: (em: EntityManager) => Promise<T>): Promise<T> {
    return this.ds.transaction(work);
  }

  /** Inserts rows in the caller's transaction (a purchase already followed is left as it is). */
  async insertMany(em: EntityManager, rows: NewPicksDelivery[]): Promise<void> {
    if (!rows.length) return;
    const col = <K extends keyof NewPicksDelivery>(k: K) => rows.map((r) => r[k]);
    await em.query(
      `INSERT INTO picks_delivery (purchase_id, slip_id, phone, email, code, tx_ref, sms_id, picks_email_id, first_kickoff_at,
                                   queued_at, due_at, updated_at, state)
       SELECT u.*, u.queued_at, 'queued' FROM unnest($1::bigint[], $2::int[], $3::text[], $4::text[], $5::text[], $6::text[], $7::bigint[],
                                                     $8::bigint[], $9::timestamptz[], $10::timestamptz[], $11::timestamptz[])
              AS u(purchase_id, slip_id, phone, email, code, tx_ref, sms_id, picks_email_id, first_kickoff_at, queued_at, due_at)
       ON CONFLICT (purchase_id) DO NOTHING`,
      [
        col('purchaseId'),
        col('slipId'),
        col('phone'),
        col('email'),
        col('code'),
        col('txRef'),
        col('smsId'),
        col('picksEmailId'),
        col('firstKickoffAt'),
        col('queuedAt'),
        col('dueAt'),
      ],
    );
  }

  /**
   * Locks at most `limit` open rows the check must look at (FOR UPDATE SKIP LOCKED: a row another
   * worker is checking is skipped, so no two workers act on one purchase; docs/PRODUCT-RULES.md
   * R226): every open row still waiting for an SMS, and `fallback-notified` rows once their
   * first kick-off (`now`) has come.
   */
  lockOpen(em: EntityManager, now: Date, limit: number): Promise<OpenPicksDelivery[]> {
    return em.query(
      `SELECT purchase_id::text AS "purchaseId", slip_id AS "slipId", phone, email, code, tx_ref AS "txRef", state,
              sms_id::text AS "smsId", resend_sms_id::text AS "resendSmsId", picks_email_id::text AS "picksEmailId",
              at_status AS "atStatus", first_kickoff_at AS "firstKickoffAt", due_at AS "dueAt"
         FROM picks_delivery
        WHERE closed_at IS NULL AND (state <> 'fallback-notified' OR first_kickoff_at <= $1)
        ORDER BY purchase_id
        LIMIT $2
        FOR UPDATE SKIP LOCKED`,
      [now, limit],
    );
  }

  /** Writes `patch` to row `purchaseId` in the caller's transaction (updated_at = `now`). */
  async update(
    em: EntityManager,
    purchaseId: string,
    patch: PicksDeliveryPatch,
    now: Date,
  ): Promise<void> {
    const keys = (Object.keys(patch) as (keyof PicksDeliveryPatch)[]).filter(
      (k) => patch[k] !== undefined,
    );
    const sets = keys.map((k, i) => `${COLUMNS[k]} = $${i + 3}`);
    await em.query(
      `UPDATE picks_delivery SET ${[...sets, 'updated_at = $2'].join(', ')} WHERE purchase_id = $1`,
      [purchaseId, now, ...keys.map((k) => patch[k])],
    );
  }
}
