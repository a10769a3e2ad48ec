import {
  Column,
  CreateDateColumn,
  Entity,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';

/** Lifecycle of an outbox SMS: queued → sent (accepted by Africa's Talking) → delivered | failed. */
/** `sending`: claimed by a sender, Africa's Talking's answer not recorded yet (docs/RELIABILITY.md, "SMS: at least once"). */
export type SmsStatus = 'queued' | 'sending' | 'sent' | 'delivered' | 'failed';

/** `sms_outbox`: one text to one MSISDN, written in the business transaction, sent by the `sms` queue. */
@Entity('sms_outbox')
export class SmsOutbox {
  @PrimaryGeneratedColumn('identity', { type: 'bigint' }) id: string;
  @Column({ name: 'to_msisdn', type: 'text' }) to: string;
  @Column({ type: 'text' }) body: string;
  @Column({ type: 'text' }) purpose: string;
  @Column({ type: 'text', default: 'queued' }) status: SmsStatus;
  @Column({ type: 'int', default: 0 }) attempts: number;
  @Column({ name: 'provider_message_id', type: 'text', nullable: true }) providerMessageId:
    string | null;
  /** As Africa's Talking writes it ('KES 0.8000'): a provider string, never used in arithmetic. */
  @Column({ type: 'text', nullable: true }) cost: string | null;
  @Column({ name: 'last_error', type: 'text', nullable: true }) lastError: string | null;
  /** Last delivery-report status as sent (`Submitted`, `Success`, `Failed`…). */
  @Column({ name: 'delivery_status', type: 'text', nullable: true }) deliveryStatus: string | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
  @Column({ name: 'sent_at', type: 'timestamptz', nullable: true }) sentAt: Date | null;
  @Column({ name: 'delivered_at', type: 'timestamptz', nullable: true }) deliveredAt: Date | null;
}
