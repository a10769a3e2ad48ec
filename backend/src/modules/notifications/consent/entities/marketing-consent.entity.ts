import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { MarketingChannel } from '../domain/consent-rules';

/**
 * `marketing_consent`: one recipient's consent to marketing on one channel (docs/PRODUCT-RULES.md
 * R230, R231): the last opt-in and opt-out, the text shown when they opted in, and where each came
 * from. Personal: `recipient`, `user_id` (docs/ARCHITECTURE.md "modules/notifications").
 */
@Entity('marketing_consent')
export class MarketingConsent {
  @PrimaryGeneratedColumn('identity', { type: 'bigint' }) id: string;
  @Column({ type: 'text' }) channel: MarketingChannel;
  /** `sms`: international digits `254712345678`; `email`: the lower-cased address. */
  @Column({ type: 'text' }) recipient: string;
  @Column({ name: 'user_id', type: 'int', nullable: true }) userId: number | null;
  @Column({ name: 'opted_in_at', type: 'timestamptz', nullable: true }) optedInAt: Date | null;
  /** The consent wording the person saw when they opted in, verbatim. */
  @Column({ name: 'consent_text', type: 'text', nullable: true }) consentText: string | null;
  /** Where the opt-in came from (`register-form`, `checkout`, `back-office`…). */
  @Column({ name: 'opt_in_source', type: 'text', nullable: true }) optInSource: string | null;
  @Column({ name: 'opted_out_at', type: 'timestamptz', nullable: true }) optedOutAt: Date | null;
  /** Where the opt-out came from (`sms-stop`, `unsubscribe-link`, `account`…). */
  @Column({ name: 'opt_out_source', type: 'text', nullable: true }) optOutSource: string | null;
  @Column({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
}
