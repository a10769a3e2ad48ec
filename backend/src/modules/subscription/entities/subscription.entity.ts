import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** `subscription`: one paid period of premium access for a phone (one per purchase). */
@Entity('subscription')
export class Subscription {
  @PrimaryGeneratedColumn('identity', { type: 'bigint' }) id: string;
  /** MSISDN `2547XXXXXXXX`. */
  @Column({ type: 'text' }) phone: string;
  @Column({ type: 'text' }) type: string;
  @Column({ name: 'starts_at', type: 'timestamptz' }) startsAt: Date;
  @Column({ name: 'ends_at', type: 'timestamptz' }) endsAt: Date;
  @Column({ name: 'purchase_id', type: 'bigint' }) purchaseId: string;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}
