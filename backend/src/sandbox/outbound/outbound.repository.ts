import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { iso, query, Sql } from '../common/sql';
import { OutboundKind } from '../sandbox.constants';

/** A callback the sandbox must deliver (`sandbox_outbound`). */
export interface OutboundCallback {
  kind: OutboundKind;
  /** Provider id it belongs to: CheckoutRequestID, ConversationID, tx_ref, messageId. */
  reference: string;
  /** Callbacks sharing a key are delivered one after the other, in creation order. */
  sequenceKey?: string;
  url: string;
  contentType: string;
  headers?: Record<string, string>;
  /** Exact bytes to send (JSON text or a form body). */
  body: string;
  /** Deliver no earlier than this many milliseconds from now (database clock). */
  delayMs?: number;
  maxAttempts: number;
}

/** A row as stored. */
export interface OutboundRow {
  id: string;
  kind: OutboundKind;
  reference: string;
  sequence_key: string | null;
  url: string;
  content_type: string;
  headers: Record<string, string>;
  body: string;
  due_at: Date;
  attempts: number;
  max_attempts: number;
  last_status: number | null;
  last_error: string | null;
  delivered_at: Date | null;
  gave_up_at: Date | null;
  created_at: Date;
}

/** What GET /sandbox/api/deliveries shows of a callback. */
export interface OutboundView {
  id: number;
  kind: OutboundKind;
  reference: string;
  url: string;
  body: string;
  attempts: number;
  last_status: number | null;
  last_error: string | null;
  state: 'pending' | 'delivered' | 'gave_up';
  created_at: string | null;
  delivered_at: string | null;
}

/** `sandbox_outbound`: the persisted queue of callbacks (survives restarts, shared by processes). */
@Injectable()
export class OutboundRepository {
  constructor(private readonly ds: DataSource) {}

  /** Queues a callback; `droppedReason` stores it as given up at once (never sent). */
  async insert(cb: OutboundCallback, droppedReason?: string, db: Sql = this.ds): Promise<void> {
    await db.query(
      `INSERT INTO sandbox_outbound
         (kind, reference, sequence_key, url, content_type, headers, body, due_at, max_attempts, gave_up_at, last_error)
       VALUES ($1, $2, $3, $4, $5, $6, $7, now() + $8 * interval '1 millisecond', $9,
               CASE WHEN $10::text IS NULL THEN NULL ELSE now() END, $10::text)`,
      [
        cb.kind,
        cb.reference,
        cb.sequenceKey ?? null,
        cb.url,
        cb.contentType,
        JSON.stringify(cb.headers ?? {}),
        cb.body,
        Math.max(0, Math.round(cb.delayMs ?? 0)),
        cb.maxAttempts,
        droppedReason ?? null,
      ],
    );
  }

  /** Queues several callbacks with one statement (none given up). */
  async insertMany(cbs: OutboundCallback[], db: Sql = this.ds): Promise<void> {
    if (!cbs.length) return;
    await db.query(
      `INSERT INTO sandbox_outbound (kind, reference, sequence_key, url, content_type, headers, body, due_at, max_attempts)
       SELECT x.kind, x.reference, x.sequence_key, x.url, x.content_type, x.headers, x.body,
              now() + x.delay_ms * interval '1 millisecond', x.max_attempts
         FROM jsonb_to_recordset($1::jsonb) AS x(ord int, kind text, reference text, sequence_key text, url text,
              content_type text, headers jsonb, body text, delay_ms int, max_attempts int)
        ORDER BY x.ord`,
      [
        JSON.stringify(
          cbs.map((cb, ord) => ({
            ord,
            kind: cb.kind,
            reference: cb.reference,
            sequence_key: cb.sequenceKey ?? null,
            url: cb.url,
            content_type: cb.contentType,
            headers: cb.headers ?? {},
            body: cb.body,
            delay_ms: Math.max(0, Math.round(cb.delayMs ?? 0)),
            max_attempts: cb.maxAttempts,
          })),
        ),
      ],
    );
  }

  /**
   * Claims up to `limit` due callbacks for `lockMs` (SKIP LOCKED: processes never take the same
   * row) and counts the attempt. A row waits while an earlier row of its sequence is undelivered.
   */
  async claimDue(limit: number, lockMs: number): Promise<OutboundRow[]> {
    if (limit <= 0) return [];
    return query<OutboundRow>(
      this.ds,
      `UPDATE sandbox_outbound o
          SET locked_until = now() + $2 * interval '1 millisecond', attempts = o.attempts + 1
        WHERE o.id IN (
          SELECT c.id FROM sandbox_outbound c
           WHERE c.delivered_at IS NULL AND c.gave_up_at IS NULL AND c.due_at <= now()
             AND (c.locked_until IS NULL OR c.locked_until < now())
             AND (c.sequence_key IS NULL OR NOT EXISTS (
                   SELECT 1 FROM sandbox_outbound p
                    WHERE p.sequence_key = c.sequence_key AND p.id < c.id
                      AND p.delivered_at IS NULL AND p.gave_up_at IS NULL))
           ORDER BY c.due_at, c.id
           LIMIT $1
           FOR UPDATE SKIP LOCKED)
        RETURNING o.*`,
      [limit, lockMs],
    );
  }

  /** Marks several callbacks delivered with one statement. */
  async markDeliveredMany(rows: { id: string; status: number }[]): Promise<void> {
    if (!rows.length) return;
    await this.ds.query(
      `UPDATE sandbox_outbound o
          SET delivered_at = now(), last_status = x.status, last_error = NULL, locked_until = NULL
         FROM unnest($1::bigint[], $2::int[]) AS x(id, status)
        WHERE o.id = x.id`,
      [rows.map((r) => r.id), rows.map((r) => r.status)],
    );
  }

  /** Gives claimed but unsent callbacks back (shutdown): due again at once, attempt not counted. */
  async release(ids: string[]): Promise<void> {
    if (!ids.length) return;
    await this.ds.query(
      `UPDATE sandbox_outbound SET locked_until = NULL, attempts = GREATEST(attempts - 1, 0) WHERE id = ANY($1::bigint[])`,
      [ids],
    );
  }

  /** Records a failed attempt: retry after `retryInMs`, or give up when it is null. */
  async markFailed(
    id: string,
    status: number | null,
    error: string,
    retryInMs: number | null,
  ): Promise<void> {
    await this.ds.query(
      `UPDATE sandbox_outbound
          SET last_status = $2, last_error = $3, locked_until = NULL,
              gave_up_at = CASE WHEN $4::int IS NULL THEN now() ELSE NULL END,
              due_at = CASE WHEN $4::int IS NULL THEN due_at ELSE now() + $4::int * interval '1 millisecond' END
        WHERE id = $1`,
      [id, status, error.slice(0, 500), retryInMs],
    );
  }

  /** The latest callback of `kind` for `reference`, to send it again (idempotency tests). */
  async latest(kind: OutboundKind, reference: string): Promise<OutboundRow | null> {
    const rows = await query<OutboundRow>(
      this.ds,
      `SELECT * FROM sandbox_outbound WHERE kind = $1 AND reference = $2 ORDER BY id DESC LIMIT 1`,
      [kind, reference],
    );
    return rows[0] ?? null;
  }

  /** Recent callbacks, newest first, optionally for one reference or kind. */
  async recent(filter: {
    reference?: string;
    kind?: string;
    limit: number;
  }): Promise<OutboundView[]> {
    const rows = await query<OutboundRow>(
      this.ds,
      `SELECT * FROM sandbox_outbound
        WHERE ($1::text IS NULL OR reference = $1) AND ($2::text IS NULL OR kind = $2)
        ORDER BY id DESC LIMIT $3`,
      [filter.reference ?? null, filter.kind ?? null, filter.limit],
    );
    return rows.map((r) => ({
      id: Number(r.id),
      kind: r.kind,
      reference: r.reference,
      url: r.url,
      body: r.body,
      attempts: r.attempts,
      last_status: r.last_status,
      last_error: r.last_error,
      state: r.delivered_at ? 'delivered' : r.gave_up_at ? 'gave_up' : 'pending',
      created_at: iso(r.created_at),
      delivered_at: iso(r.delivered_at),
    }));
  }
}
