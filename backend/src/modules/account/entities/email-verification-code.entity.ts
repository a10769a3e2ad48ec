import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * An e-mail verification code (docs/PRODUCT-RULES.md "Accounts"): bound to the user and to the address it was sent to,
 * stored as SHA-256, valid 24 hours, used once.
 */
@Entity('email_verification_code')
export class EmailVerificationCode {
  @PrimaryGeneratedColumn('identity', { type: 'bigint', generatedIdentity: 'BY DEFAULT' })
  id: string;
  @Column({ name: 'user_id', type: 'int' }) userId: number;
  @Column({ type: 'text' }) email: string;
  @Column({ name: 'code_hash', type: 'text', unique: true }) codeHash: string;
  @Column({ name: 'expires_at', type: 'timestamptz' }) expiresAt: Date;
  @Column({ name: 'used_at', type: 'timestamptz', nullable: true }) usedAt: Date | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}
