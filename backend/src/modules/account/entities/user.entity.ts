import {
  Column,
  CreateDateColumn,
  Entity,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';
import type { Role } from '../../../common/guards/auth-user';
import type { Country } from '../account.constants';

/**
 * A registered user (docs/PRODUCT-RULES.md R117, "Roles"). Table `app_user` (`user` is
 * reserved in PostgreSQL). Username and e-mail are unique ignoring case (functional unique
 * indexes); e-mails are stored lower-cased. `passwordHash` (argon2id) is never selected unless
 * asked for with `addSelect`, and never leaves the module.
 */
@Entity('app_user')
export class User {
  @PrimaryGeneratedColumn('identity', { type: 'int', generatedIdentity: 'BY DEFAULT' }) id: number;
  @Column({ type: 'text' }) username: string;
  @Column({ type: 'text' }) email: string;
  /** As entered at registration (10 digits); null for accounts made by the CLI. */
  @Column({ name: 'phone_number', type: 'text', nullable: true }) phoneNumber: string | null;
  /** 2547XXXXXXXX when the phone normalises as Kenyan (docs/PRODUCT-RULES.md R136), else null. */
  @Column({ type: 'text', nullable: true }) msisdn: string | null;
  @Column({ name: 'password_hash', type: 'text', select: false }) passwordHash: string;
  @Column({ type: 'text', default: 'user' }) role: Role;
  /** Shown as `first_name` (docs/PRODUCT-RULES.md R117: the account's name). */
  @Column({ type: 'text', default: '' }) name: string;
  @Column({ type: 'text', default: '' }) city: string;
  @Column({ type: 'char', length: 2, default: 'KE' }) country: Country;
  /** File name of the current avatar under STORAGE_DIR/avatars, or null. */
  @Column({ name: 'avatar_file', type: 'text', nullable: true }) avatarFile: string | null;
  @Column({ name: 'email_verified_at', type: 'timestamptz', nullable: true })
  emailVerifiedAt: Date | null;
  @Column({ name: 'banned_at', type: 'timestamptz', nullable: true }) bannedAt: Date | null;
  @Column({ name: 'password_changed_at', type: 'timestamptz', nullable: true })
  passwordChangedAt: Date | null;
  /** When the account was closed and its personal fields erased (docs/PRODUCT-RULES.md R263), else null. */
  @Column({ name: 'erased_at', type: 'timestamptz', nullable: true }) erasedAt: Date | null;
  /** SHA-256 (hex) of the former username in lower case, kept to refuse it for 30 days (docs/PRODUCT-RULES.md R264). */
  @Column({ name: 'erased_username_hash', type: 'text', nullable: true, select: false })
  erasedUsernameHash: string | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
}
