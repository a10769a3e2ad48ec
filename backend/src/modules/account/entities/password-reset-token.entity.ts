import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A password reset link's token (docs/PRODUCT-RULES.md "Accounts"): stored as SHA-256, valid 1 hour, used once. */
@Entity('password_reset_token')
export class PasswordResetToken {
  @PrimaryGeneratedColumn('identity', { type: 'bigint', generatedIdentity: 'BY DEFAULT' })
  id: string;
  @Column({ name: 'user_id', type: 'int' }) userId: number;
  @Column({ name: 'token_hash', type: 'text', unique: true }) tokenHash: string;
  @Column({ name: 'expires_at', type: 'timestamptz' }) expiresAt: Date;
  @Column({ name: 'used_at', type: 'timestamptz', nullable: true }) usedAt: Date | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}
