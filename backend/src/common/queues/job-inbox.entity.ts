import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * Durable inbox for jobs that could not be enqueued (Redis unreachable): a provider callback is
 * written here in PostgreSQL and moved to its queue by the drain job, so it is never lost.
 */
@Entity('job_inbox')
@Index('ix_job_inbox_pending', ['createdAt'], { where: 'enqueued_at IS NULL' })
export class JobInbox {
  @PrimaryGeneratedColumn('identity', { type: 'bigint' }) id: string;
  @Column({ name: 'queue_name', type: 'text' }) queueName: string;
  @Column({ name: 'job_name', type: 'text' }) jobName: string;
  @Column({ name: 'job_id', type: 'text', unique: true }) jobId: string;
  @Column({ type: 'jsonb' }) payload: unknown;
  @Column({ type: 'int', default: 0 }) attempts: number;
  @Column({ name: 'last_error', type: 'text', nullable: true }) lastError: string | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @Column({ name: 'enqueued_at', type: 'timestamptz', nullable: true }) enqueuedAt: Date | null;
}
