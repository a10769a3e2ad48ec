import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

export type EmailStatus = 'pending' | 'sending' | 'sent' | 'failed' | 'dead';

/**
 * One e-mail to send (docs/ARCHITECTURE.md: notifications outboxes). Written in the same transaction as
 * the change that causes it, delivered after commit, retried with backoff until `dead`.
 * The bodies hold one-time links: they are cleared once real SMTP accepted the message (kept
 * only for the local sandbox mailbox).
 */
@Entity('email_outbox')
export class EmailOutbox {
  @PrimaryGeneratedColumn('identity', { type: 'bigint', generatedIdentity: 'BY DEFAULT' })
  id: string;
  /** What the mail is for, e.g. 'password-reset', 'email-verification'. */
  @Column({ type: 'text' }) kind: string;
  @Column({ name: 'to_address', type: 'text' }) toAddress: string;
  @Column({ type: 'text' }) subject: string;
  @Column({ name: 'text_body', type: 'text', nullable: true }) textBody: string | null;
  @Column({ name: 'html_body', type: 'text', nullable: true }) htmlBody: string | null;
  @Column({ type: 'text', default: 'pending' }) status: EmailStatus;
  @Column({ type: 'int', default: 0 }) attempts: number;
  @Column({ name: 'next_attempt_at', type: 'timestamptz', default: () => 'now()' })
  nextAttemptAt: Date;
  @Column({ name: 'locked_until', type: 'timestamptz', nullable: true }) lockedUntil: Date | null;
  @Column({ name: 'last_error', type: 'text', nullable: true }) lastError: string | null;
  /** 'smtp' or 'sandbox': where it was delivered. */
  @Column({ type: 'text', nullable: true }) transport: string | null;
  @Column({ name: 'message_id', type: 'text', nullable: true }) messageId: string | null;
  @Column({ name: 'sent_at', type: 'timestamptz', nullable: true }) sentAt: Date | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}
