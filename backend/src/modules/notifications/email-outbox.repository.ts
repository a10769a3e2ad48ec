import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { EmailOutbox } from './entities/email-outbox.entity';

/** Rows of an `UPDATE ... RETURNING` through TypeORM's query() (pg answers `[rows, count]`). */
const updatedRows = <T>(result: unknown): T[] =>
  Array.isArray(result) && Array.isArray(result[0])
    ? (result[0] as T[])
    : Array.isArray(result)
      ? (result as T[])
      : [];

/** A claimed message: what goes to the transport, and its attempt count (this one included). */
export type ClaimedEmail = Pick<
  EmailOutbox,
  'id' | 'toAddress' | 'subject' | 'textBody' | 'htmlBody' | 'attempts'
>;

/**
 * The notifications module's table `email_outbox` (docs/ARCHITECTURE.md "Table ownership"): the only
 * code that reads or writes it. `insert` runs inside the caller's transaction.
 */
@Injectable()
export class EmailOutboxRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** Inserts a pending message with `manager`; returns its id. */
  async insert(
    manager: EntityManager,
    mail: Pick<EmailOutbox, 'kind' | 'toAddress' | 'subject' | 'textBody' | 'htmlBody'>,
  ): Promise<string> {
    const saved = await manager.save(EmailOutbox, manager.create(EmailOutbox, mail));
    return saved.id;
  }

  /** Ids of the messages among `ids` that a mail server (or the sandbox mailbox) accepted; with `em` in that transaction. */
  async sentIds(ids: string[], em: EntityManager = this.ds.manager): Promise<string[]> {
    if (!ids.length) return [];
    const rows: { id: string }[] = await em.query(
      `SELECT id::text AS id FROM email_outbox WHERE id = ANY($1::bigint[]) AND status = 'sent'`,
      [ids],
    );
    return rows.map((r) => r.id);
  }

  /**
   * Claims message `id` for `claimSeconds` (`sending`, attempts + 1) when it is due (pending or
   * failed past its backoff) or its previous claim expired; null when another sender holds it,
   * it was sent already or it is not due yet.
   */
  async claim(id: string, claimSeconds: number): Promise<ClaimedEmail | null> {
    const rows = updatedRows<ClaimedEmail>(
      await this.ds.query(
        `UPDATE email_outbox
            SET status = 'sending', attempts = attempts + 1, locked_until = now() + make_interval(secs => $2)
          WHERE id = $1
            AND ((status IN ('pending', 'failed') AND next_attempt_at <= now())
                 OR (status = 'sending' AND locked_until < now()))
        RETURNING id, to_address AS "toAddress", subject, text_body AS "textBody", html_body AS "htmlBody", attempts`,
        [id, claimSeconds],
      ),
    );
    return rows[0] ?? null;
  }

  /** Marks message `id` sent through `transport` with its message id; the bodies are dropped unless `keepBodies`. */
  async markSent(
    id: string,
    transport: string,
    messageId: string | null,
    keepBodies: boolean,
  ): Promise<void> {
    await this.ds.query(
      `UPDATE email_outbox
          SET status = 'sent', sent_at = now(), locked_until = NULL, last_error = NULL, transport = $2, message_id = $3,
              text_body = CASE WHEN $4 THEN text_body END, html_body = CASE WHEN $4 THEN html_body END
        WHERE id = $1`,
      [id, transport, messageId, keepBodies],
    );
  }

  /** Records a failed delivery of `id`: `failed` (next try after `retrySeconds`) or `dead`, with the error. */
  async markFailed(
    id: string,
    status: 'failed' | 'dead',
    error: string,
    retrySeconds: number,
  ): Promise<void> {
    await this.ds.query(
      `UPDATE email_outbox SET status = $2, last_error = $3, locked_until = NULL,
              next_attempt_at = now() + make_interval(secs => $4) WHERE id = $1`,
      [id, status, error, retrySeconds],
    );
  }

  /** Ids of at most `limit` due messages (pending, failed past their backoff, or stale claims), oldest due first. */
  async dueIds(limit: number): Promise<string[]> {
    const due: { id: string }[] = await this.ds.query(
      `SELECT id FROM email_outbox
        WHERE (status IN ('pending', 'failed') AND next_attempt_at <= now())
           OR (status = 'sending' AND locked_until < now())
        ORDER BY next_attempt_at LIMIT $1`,
      [limit],
    );
    return due.map((d) => String(d.id));
  }

  /**
   * Empties the subject and HTML body and sets the text body to `erased` on at most `limit`
   * messages created before `before` that were sent or given up (docs/PRODUCT-RULES.md R280).
   * Returns how many rows changed; a row already erased (by retention, or emptied by a closing) is
   * not counted again.
   */
  async eraseBodies(before: Date, erased: string, limit: number): Promise<number> {
    const [, changed] = (await this.ds.query(
      `UPDATE email_outbox SET subject = '', text_body = $2, html_body = NULL
        WHERE id IN (SELECT id FROM email_outbox
                      WHERE created_at < $1 AND status IN ('sent', 'dead')
                        AND (subject <> '' OR html_body IS NOT NULL OR COALESCE(text_body, '') NOT IN ($2, ''))
                      ORDER BY id LIMIT $3)`,
      [before, erased, limit],
    )) as [unknown, number];
    return changed;
  }

  /** Messages sent through the sandbox transport, newest first, optionally only to `to` (lower-case); at most `limit`. */
  sandboxSent(to: string | undefined, limit: number): Promise<EmailOutbox[]> {
    const qb = this.ds
      .getRepository(EmailOutbox)
      .createQueryBuilder('m')
      .where(`m.transport = 'sandbox'`)
      .andWhere(`m.status = 'sent'`)
      .orderBy('m.id', 'DESC')
      .take(limit);
    if (to) qb.andWhere('m.to_address = :to', { to });
    return qb.getMany();
  }
}
