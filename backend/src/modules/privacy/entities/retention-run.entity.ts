import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * `retention_run`: one run of the data retention job (docs/PRODUCT-RULES.md R274): the periods it
 * applied, the cut-offs they gave (UTC instants from the CLOCK) and the rows erased or kept.
 */
@Entity('retention_run')
export class RetentionRun {
  @PrimaryGeneratedColumn('identity', { type: 'bigint' }) id: string;
  @Column({ name: 'started_at', type: 'timestamptz' }) startedAt: Date;
  @Column({ name: 'finished_at', type: 'timestamptz' }) finishedAt: Date;
  @Column({ name: 'sms_body_days', type: 'int' }) smsBodyDays: number;
  @Column({ name: 'email_body_days', type: 'int' }) emailBodyDays: number;
  @Column({ name: 'purchase_phone_months', type: 'int' }) purchasePhoneMonths: number;
  @Column({ name: 'abandoned_registration_days', type: 'int' }) abandonedRegistrationDays: number;
  /** SMS created before this instant had their text erased (R270, R280). */
  @Column({ name: 'sms_before', type: 'timestamptz' }) smsBefore: Date;
  /** E-mails created before this instant had their subject and bodies erased (R280). */
  @Column({ name: 'email_before', type: 'timestamptz' }) emailBefore: Date;
  /** Purchases created before this instant had their buyer's contact erased (R271). */
  @Column({ name: 'purchase_before', type: 'timestamptz' }) purchaseBefore: Date;
  /** Registrations made (and not used) before this instant were deleted (R272). */
  @Column({ name: 'registration_before', type: 'timestamptz' }) registrationBefore: Date;
  @Column({ name: 'sms_bodies_erased', type: 'int' }) smsBodiesErased: number;
  @Column({ name: 'email_bodies_erased', type: 'int' }) emailBodiesErased: number;
  @Column({ name: 'purchase_contacts_erased', type: 'int' }) purchaseContactsErased: number;
  /** Purchases past the period still holding a contact because money is open on them. */
  @Column({ name: 'purchase_contacts_kept', type: 'int' }) purchaseContactsKept: number;
  @Column({ name: 'registrations_deleted', type: 'int' }) registrationsDeleted: number;
  /** Abandoned registrations another module's row still names (the foreign key refused). */
  @Column({ name: 'registrations_kept', type: 'int' }) registrationsKept: number;
}
