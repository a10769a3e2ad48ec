import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { PicksDeliveryState } from '../domain/picks-delivery';

/**
 * `picks_delivery`: how a paid slip purchase's picks reached the buyer (docs/PRODUCT-RULES.md
 * R220–R226). Times are the application clock's (UTC instants); `atStatus` is Africa's
 * Talking's last report status of the current picks SMS.
 */
@Entity('picks_delivery')
export class PicksDelivery {
  @PrimaryColumn({ name: 'purchase_id', type: 'bigint' }) purchaseId: string;
  @Column({ name: 'slip_id', type: 'int' }) slipId: number;
  /** Buyer MSISDN `2547XXXXXXXX`. */
  @Column({ type: 'text' }) phone: string;
  @Column({ type: 'text', nullable: true }) email: string | null;
  @Column({ type: 'text' }) code: string;
  @Column({ name: 'tx_ref', type: 'text', nullable: true }) txRef: string | null;
  @Column({ type: 'text' }) state: PicksDeliveryState;
  @Column({ name: 'sms_id', type: 'bigint' }) smsId: string;
  @Column({ name: 'resend_sms_id', type: 'bigint', nullable: true }) resendSmsId: string | null;
  @Column({ name: 'fallback_sms_id', type: 'bigint', nullable: true }) fallbackSmsId: string | null;
  @Column({ name: 'picks_email_id', type: 'bigint', nullable: true }) picksEmailId: string | null;
  @Column({ name: 'fallback_email_id', type: 'bigint', nullable: true }) fallbackEmailId:
    string | null;
  @Column({ name: 'at_status', type: 'text', nullable: true }) atStatus: string | null;
  @Column({ name: 'first_kickoff_at', type: 'timestamptz', nullable: true })
  firstKickoffAt: Date | null;
  @Column({ name: 'due_at', type: 'timestamptz' }) dueAt: Date;
  @Column({ name: 'queued_at', type: 'timestamptz' }) queuedAt: Date;
  @Column({ name: 'sent_at', type: 'timestamptz', nullable: true }) sentAt: Date | null;
  @Column({ name: 'failed_at', type: 'timestamptz', nullable: true }) failedAt: Date | null;
  @Column({ name: 'resent_at', type: 'timestamptz', nullable: true }) resentAt: Date | null;
  @Column({ name: 'fallback_at', type: 'timestamptz', nullable: true }) fallbackAt: Date | null;
  @Column({ name: 'delivered_at', type: 'timestamptz', nullable: true }) deliveredAt: Date | null;
  @Column({ name: 'undelivered_at', type: 'timestamptz', nullable: true })
  undeliveredAt: Date | null;
  @Column({ name: 'closed_at', type: 'timestamptz', nullable: true }) closedAt: Date | null;
  @Column({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
}
