import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { SmsOutbox, SmsStatus } from '../entities/sms-outbox.entity';

/** A claimed outbox row: what goes to Africa's Talking (MSISDN `2547XXXXXXXX`, text). */
export interface ClaimedSms {
  id: string;
  to_msisdn: string;
  body: string;
}

/** A row's state after delivery reports, written back in one UPDATE. */
export interface ReportedSms {
  id: string;
  status: SmsStatus;
  /** Africa's Talking's report status text. */
  report: string | null;
  delivered: boolean;
  lastError: string | null;
}

/** Where an outbox SMS stands, as other modules read it (SmsService.statuses). */
export interface SmsState {
  id: string;
  status: SmsStatus;
  /** Africa's Talking's last delivery-report status (`Submitted`, `Success`, `Failed`, `AbsentSubscriber`…), or null. */
  deliveryStatus: string | null;
  /** The last send error (`406 UserInBlacklist`, `405 InsufficientBalance`, a timeout…), or null. */
  lastError: string | null;
}

/**
 * The notifications module's table `sms_outbox` (docs/ARCHITECTURE.md "Table ownership"): the only
 * code that reads or writes it. Methods taking `em` run inside the caller's transaction.
 */
@Injectable()
export class SmsOutboxRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** Inserts queued rows in one INSERT; returns their ids in order. */
  async insertQueued(
    requests: { to: string; body: string; purpose: string }[],
    em: EntityManager = this.ds.manager,
  ): Promise<string[]> {
    if (!requests.length) return [];
    const res = await em
      .createQueryBuilder()
      .insert()
      .into(SmsOutbox)
      .values(
        requests.map((r) => ({
          to: r.to,
          body: r.body,
          purpose: r.purpose,
          status: 'queued' as const,
        })),
      )
      .returning(['id'])
      .execute();
    return (res.raw as { id: string | number }[]).map((r) => String(r.id));
  }

  /**
   * Inserts a queued copy of row `id` (same number and text) with `purpose`, in the caller's
   * transaction; returns the new id, or null when row `id` does not exist.
   */
  async insertCopy(em: EntityManager, id: string, purpose: string): Promise<string | null> {
    const rows: { id: string }[] = await em.query(
      `INSERT INTO sms_outbox (to_msisdn, body, purpose, status) SELECT to_msisdn, body, $2, 'queued' FROM sms_outbox WHERE id = $1
       RETURNING id::text AS id`,
      [id, purpose],
    );
    return rows[0]?.id ?? null;
  }

  /** Waits for a transaction still writing row `id` (FOR SHARE), so a following claim reads its committed status. */
  async waitForWriters(id: string): Promise<void> {
    await this.ds.query(`SELECT 1 FROM sms_outbox WHERE id = $1 FOR SHARE`, [id]);
  }

  /** Claims queued rows (`sending`, attempts + 1); rows being sent, sent, failed or unknown are left out. */
  async claim(ids: string[]): Promise<ClaimedSms[]> {
    if (!ids.length) return [];
    const [rows]: [ClaimedSms[], number] = await this.ds.query(
      `UPDATE sms_outbox SET status = 'sending', attempts = attempts + 1, updated_at = now()
        WHERE id = ANY($1::bigint[]) AND status = 'queued' RETURNING id::text AS id, to_msisdn, body`,
      [ids],
    );
    return rows;
  }

  /** Marks rows sent, with the provider's message id and cost (Ksh text, e.g. 'KES 0.8000'), in one UPDATE. */
  async markSent(
    sent: { id: string; messageId: string | null; cost: string | null }[],
  ): Promise<void> {
    if (!sent.length) return;
    await this.ds.query(
      `UPDATE sms_outbox o SET status = 'sent', provider_message_id = u.message_id, cost = u.cost, sent_at = now(),
              last_error = NULL, updated_at = now()
         FROM unnest($1::bigint[], $2::text[], $3::text[]) AS u(id, message_id, cost)
        WHERE o.id = u.id`,
      [sent.map((s) => s.id), sent.map((s) => s.messageId), sent.map((s) => s.cost)],
    );
  }

  /** Records a failed send of row `id`: back to `queued` (another try) or `failed`, with the error. */
  async markUnsent(id: string, status: 'queued' | 'failed', error: string): Promise<void> {
    await this.ds.manager.update(SmsOutbox, { id }, { status, lastError: error });
  }

  /**
   * Puts back to `queued` at most `limit` rows `sending` for longer than `sendingStaleMs` (their
   * sender stopped); returns them with their attempt counts.
   */
  async requeueStaleSending(
    sendingStaleMs: number,
    limit: number,
  ): Promise<{ id: string; attempts: number }[]> {
    const [stale]: [{ id: string; attempts: number }[], number] = await this.ds.query(
      `UPDATE sms_outbox SET status = 'queued', last_error = 'sender stopped before recording the answer; sent again', updated_at = now()
        WHERE id IN (SELECT id FROM sms_outbox WHERE status = 'sending' AND updated_at < now() - ($1::int * interval '1 millisecond') ORDER BY id LIMIT $2)
          AND status = 'sending'
        RETURNING id::text AS id, attempts`,
      [sendingStaleMs, limit],
    );
    return stale;
  }

  /** Ids of at most `limit` rows `queued` and untouched for `olderThanMs`, oldest first. */
  async queuedOlderThan(olderThanMs: number, limit: number): Promise<string[]> {
    const rows: { id: string }[] = await this.ds.query(
      `SELECT id FROM sms_outbox WHERE status = 'queued' AND updated_at < now() - ($1::int * interval '1 millisecond')
        ORDER BY id LIMIT $2`,
      [olderThanMs, limit],
    );
    return rows.map((r) => String(r.id));
  }

  /** The rows with these provider message ids, locked for update in id order. */
  lockByMessageIds(
    em: EntityManager,
    messageIds: string[],
  ): Promise<{ id: string; status: SmsStatus; provider_message_id: string }[]> {
    return em.query(
      `SELECT id::text AS id, status, provider_message_id FROM sms_outbox WHERE provider_message_id = ANY($1) ORDER BY id FOR UPDATE`,
      [messageIds],
    );
  }

  /** Writes delivery reports' outcome back in one UPDATE (delivered_at now for delivered rows). */
  async applyReports(em: EntityManager, changed: ReportedSms[]): Promise<void> {
    if (!changed.length) return;
    await em.query(
      `UPDATE sms_outbox o SET status = u.status, delivery_status = u.report,
              delivered_at = CASE WHEN u.delivered THEN now() ELSE o.delivered_at END,
              last_error = COALESCE(u.last_error, o.last_error), updated_at = now()
         FROM unnest($1::bigint[], $2::text[], $3::text[], $4::boolean[], $5::text[]) AS u(id, status, report, delivered, last_error)
        WHERE o.id = u.id`,
      [
        changed.map((r) => r.id),
        changed.map((r) => r.status),
        changed.map((r) => r.report),
        changed.map((r) => r.delivered),
        changed.map((r) => r.lastError),
      ],
    );
  }

  /** Row `id` locked for update, or null. */
  lock(em: EntityManager, id: string): Promise<SmsOutbox | null> {
    return em.findOne(SmsOutbox, { where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  /** Puts row `id` back to `queued` with error, provider message id and delivery state cleared (attempts kept). */
  async requeue(em: EntityManager, id: string): Promise<void> {
    await em.update(
      SmsOutbox,
      { id },
      {
        status: 'queued',
        lastError: null,
        providerMessageId: null,
        deliveryStatus: null,
        sentAt: null,
        deliveredAt: null,
      },
    );
  }

  /** Status, last delivery-report status and last error of rows `ids` (unknown ids left out); with `em` in that transaction. */
  async statuses(ids: string[], em: EntityManager = this.ds.manager): Promise<SmsState[]> {
    if (!ids.length) return [];
    return em.query(
      `SELECT id::text AS id, status, delivery_status AS "deliveryStatus", last_error AS "lastError" FROM sms_outbox WHERE id = ANY($1::bigint[])`,
      [ids],
    );
  }

  /** Rows of one MSISDN, newest first. */
  forPhone(to: string): Promise<SmsOutbox[]> {
    return this.ds.manager.find(SmsOutbox, { where: { to }, order: { id: 'DESC' } });
  }

  /**
   * Replaces with `erased` the text of at most `limit` rows created before `before` that are no
   * longer waiting to be sent (docs/PRODUCT-RULES.md R270, R280). Returns how many rows changed; a
   * row already erased (by retention, or emptied by a closing) is not counted again.
   */
  async eraseBodies(before: Date, erased: string, limit: number): Promise<number> {
    const [, changed] = (await this.ds.query(
      `UPDATE sms_outbox SET body = $2, updated_at = now()
        WHERE id IN (SELECT id FROM sms_outbox WHERE created_at < $1 AND body NOT IN ($2, '')
                        AND status NOT IN ('queued', 'sending') ORDER BY id LIMIT $3)`,
      [before, erased, limit],
    )) as [unknown, number];
    return changed;
  }
}
