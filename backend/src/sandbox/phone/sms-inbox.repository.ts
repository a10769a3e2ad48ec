import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { iso, query, Sql } from '../common/sql';

/** One SMS in a sandbox phone's inbox, as GET /sandbox/api/phones/{msisdn} shows it. */
export interface InboxMessage {
  from: string;
  body: string;
  /** ISO-8601 instant it arrived. */
  at: string;
}

/** A phone that received something recently (index page). */
export interface RecentPhone {
  msisdn: string;
  lastActivityAt: string;
  pendingPrompts: number;
  messages: number;
}

/** `sandbox_sms`: the SMS inboxes of the sandbox phones (M-Pesa confirmations and Africa's Talking messages). */
@Injectable()
export class SmsInboxRepository {
  constructor(private readonly ds: DataSource) {}

  /** Puts a message in `msisdn`'s inbox (digits, no '+'). */
  async add(
    db: Sql,
    sms: { msisdn: string; sender: string; body: string; messageId?: string },
  ): Promise<void> {
    await db.query(
      `INSERT INTO sandbox_sms (msisdn, sender, body, message_id) VALUES ($1, $2, $3, $4)`,
      [sms.msisdn, sms.sender, sms.body, sms.messageId ?? null],
    );
  }

  /** Puts several messages in their inboxes with one statement, in order. */
  async addMany(
    db: Sql,
    messages: { msisdn: string; sender: string; body: string; messageId?: string }[],
  ): Promise<void> {
    if (!messages.length) return;
    await db.query(
      `INSERT INTO sandbox_sms (msisdn, sender, body, message_id)
       SELECT x.msisdn, x.sender, x.body, x.message_id
         FROM jsonb_to_recordset($1::jsonb) AS x(ord int, msisdn text, sender text, body text, message_id text)
        ORDER BY x.ord`,
      [
        JSON.stringify(
          messages.map((m, ord) => ({
            ord,
            msisdn: m.msisdn,
            sender: m.sender,
            body: m.body,
            message_id: m.messageId ?? null,
          })),
        ),
      ],
    );
  }

  /** Newest first. */
  async inbox(msisdn: string, limit: number): Promise<InboxMessage[]> {
    const rows = await query<{ sender: string; body: string; created_at: Date }>(
      this.ds,
      `SELECT sender, body, created_at FROM sandbox_sms WHERE msisdn = $1 ORDER BY id DESC LIMIT $2`,
      [msisdn, limit],
    );
    return rows.map((r) => ({ from: r.sender, body: r.body, at: iso(r.created_at) as string }));
  }

  /** Phones with recent SMS or STK prompts, most recent first. */
  async recentPhones(limit: number): Promise<RecentPhone[]> {
    const rows = await query<{ msisdn: string; last_at: Date; pending: string; messages: string }>(
      this.ds,
      `WITH activity AS (
         SELECT msisdn, max(created_at) AS last_at, 0 AS pending, count(*) AS messages FROM sandbox_sms GROUP BY msisdn
         UNION ALL
         SELECT msisdn, max(created_at), count(*) FILTER (WHERE status = 'pending' AND expires_at > now()), 0
           FROM sandbox_stk_request GROUP BY msisdn
       )
       SELECT msisdn, max(last_at) AS last_at, sum(pending) AS pending, sum(messages) AS messages
         FROM activity GROUP BY msisdn ORDER BY max(last_at) DESC LIMIT $1`,
      [limit],
    );
    return rows.map((r) => ({
      msisdn: r.msisdn,
      lastActivityAt: iso(r.last_at) as string,
      pendingPrompts: Number(r.pending),
      messages: Number(r.messages),
    }));
  }
}
