import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * SMS outbox status `sending`: a row claimed for a send and not yet recorded (docs/RELIABILITY.md,
 * "SMS: at least once"). The re-queue sweep leaves such a row alone until it is older than the
 * sending window (its process stopped), so a message being sent is never sent a second time by the sweep.
 */
export class SmsSendingStatus1765200000000 implements MigrationInterface {
  name = 'SmsSendingStatus1765200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE sms_outbox DROP CONSTRAINT ck_sms_outbox_status`);
    await q.query(`ALTER TABLE sms_outbox ADD CONSTRAINT ck_sms_outbox_status CHECK (status IN ('queued', 'sending', 'sent', 'delivered', 'failed'))`);
    await q.query(`CREATE INDEX ix_sms_outbox_sending ON sms_outbox (updated_at) WHERE status = 'sending'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX ix_sms_outbox_sending`);
    await q.query(`UPDATE sms_outbox SET status = 'queued' WHERE status = 'sending'`);
    await q.query(`ALTER TABLE sms_outbox DROP CONSTRAINT ck_sms_outbox_status`);
    await q.query(`ALTER TABLE sms_outbox ADD CONSTRAINT ck_sms_outbox_status CHECK (status IN ('queued', 'sent', 'delivered', 'failed'))`);
  }
}
