import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/**
 * `c2b_reference`: the paybill reference of a `c2b` purchase (the account number is the
 * purchase's code) and when it stops being accepted (docs/PRODUCT-RULES.md R200).
 */
@Entity('c2b_reference')
export class C2bReference {
  @PrimaryColumn({ name: 'purchase_id', type: 'bigint' }) purchaseId: string;
  @Column({ name: 'expires_at', type: 'timestamptz' }) expiresAt: Date;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}
