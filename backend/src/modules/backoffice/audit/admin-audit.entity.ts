import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * One back-office write (docs/PRODUCT-RULES.md "Back office"): who (actor id, username
 * and role at the time), what (action on resource/record), the record before and after as the
 * back office showed it, and when. Written in the same transaction as the write; never updated.
 */
@Entity('admin_audit')
export class AdminAudit {
  /** bigint: TypeORM reads it as a string. */
  @PrimaryGeneratedColumn('identity', { type: 'bigint', generatedIdentity: 'BY DEFAULT' })
  id: string;
  /** Null once the actor's account is deleted (actorUsername keeps the name). */
  @Column({ name: 'actor_id', type: 'int', nullable: true }) actorId: number | null;
  @Column({ name: 'actor_username', type: 'text' }) actorUsername: string;
  @Column({ name: 'actor_role', type: 'text' }) actorRole: string;
  /** 'create', 'update', 'delete', or a named action ('ban', 'resend', ...). */
  @Column({ type: 'text' }) action: string;
  /** Back-office resource name ('posts', 'users', ...). */
  @Column({ type: 'text' }) resource: string;
  @Column({ name: 'record_id', type: 'text', nullable: true }) recordId: string | null;
  @Column({ type: 'jsonb', nullable: true }) before: Record<string, unknown> | null;
  @Column({ type: 'jsonb', nullable: true }) after: Record<string, unknown> | null;
  @Column({ type: 'timestamptz' }) at: Date;
}
