import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * One login session: the chain of refresh tokens issued from one login or registration.
 * Only the current token's SHA-256 is kept with its generation; every refresh rotates it
 * (generation + 1). A valid-signature token of an older generation is a reuse: the family is
 * revoked, logging out whoever holds the newer token too (RFC 6819 §5.2.2.3, OAuth 2.0 BCP §4.14).
 */
@Entity('refresh_token_family')
@Index('ix_refresh_token_family_user_active', ['userId'], { where: 'revoked_at IS NULL' })
export class RefreshTokenFamily {
  @PrimaryColumn({ type: 'uuid' }) id: string;
  @Column({ name: 'user_id', type: 'int' }) userId: number;
  @Column({ type: 'int', default: 0 }) generation: number;
  @Column({ name: 'token_hash', type: 'text' }) tokenHash: string;
  /** Expiry of the current token (30 days after the last rotation). */
  @Column({ name: 'expires_at', type: 'timestamptz' }) expiresAt: Date;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @Column({ name: 'rotated_at', type: 'timestamptz', nullable: true }) rotatedAt: Date | null;
  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true }) revokedAt: Date | null;
  /** logout, reuse, password-change, password-reset, banned. */
  @Column({ name: 'revoked_reason', type: 'text', nullable: true }) revokedReason: string | null;
}
