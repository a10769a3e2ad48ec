import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `picks_delivery` (table ownership: slip; docs/PRODUCT-RULES.md R220–R226): one row per paid
 * slip purchase whose picks went out by SMS — the picks SMS, its one re-send and the fallback
 * messages (sms_outbox / email_outbox ids, no foreign keys across modules), the delivery state
 * and its times on the application clock. `closed_at` set: nothing more to do. The partial
 * index serves the delivery check's scan of open rows; the state index the back office filter.
 */
export class PicksDelivery1765800000000 implements MigrationInterface {
  name = 'PicksDelivery1765800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE picks_delivery (
        purchase_id bigint PRIMARY KEY,
        slip_id integer NOT NULL,
        phone text NOT NULL,
        email text,
        code text NOT NULL,
        tx_ref text,
        state text NOT NULL DEFAULT 'queued'
          CHECK (state IN ('queued', 'sent', 'delivered', 'failed', 'resent', 'fallback-notified', 'undelivered')),
        sms_id bigint NOT NULL,
        resend_sms_id bigint,
        fallback_sms_id bigint,
        picks_email_id bigint,
        fallback_email_id bigint,
        at_status text,
        first_kickoff_at timestamptz,
        due_at timestamptz NOT NULL,
        queued_at timestamptz NOT NULL,
        sent_at timestamptz,
        failed_at timestamptz,
        resent_at timestamptz,
        fallback_at timestamptz,
        delivered_at timestamptz,
        undelivered_at timestamptz,
        closed_at timestamptz,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX ix_picks_delivery_open ON picks_delivery (purchase_id) WHERE closed_at IS NULL`);
    await q.query(`CREATE INDEX ix_picks_delivery_state ON picks_delivery (state, purchase_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE picks_delivery`);
  }
}
