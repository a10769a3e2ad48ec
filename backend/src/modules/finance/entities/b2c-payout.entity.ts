import {
  Column,
  CreateDateColumn,
  Entity,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';
import { Money, moneyColumn } from '../../../common/money/money';
import type { PayoutPartStatus } from '../finance.constants';

/**
 * `b2c_payout`: one Daraja B2C payment request paying part `part` of a withdrawal (docs/PROVIDERS.md
 * §1.8; at most Ksh 250,000 each). UNIQUE OriginatorConversationID (ours, written before the
 * request), ConversationID and TransactionID make a repeated or reordered result a no-op.
 */
@Entity('b2c_payout')
export class B2cPayout {
  @PrimaryGeneratedColumn('identity', { type: 'bigint' }) id: string;
  @Column({ name: 'withdrawal_id', type: 'bigint' }) withdrawalId: string;
  @Column({ type: 'int' }) part: number;
  @Column(moneyColumn('amount')) amount: Money;
  @Column({ name: 'originator_conversation_id', type: 'text' }) originatorConversationId: string;
  @Column({ name: 'conversation_id', type: 'text', nullable: true }) conversationId: string | null;
  @Column({ name: 'transaction_id', type: 'text', nullable: true }) transactionId: string | null;
  @Column({ type: 'text' }) status: PayoutPartStatus;
  /** What the Result reported as paid (TransactionAmount), Ksh. */
  @Column(moneyColumn('paid_amount', { nullable: true })) paidAmount: Money | null;
  @Column({ name: 'result_code', type: 'text', nullable: true }) resultCode: string | null;
  @Column({ name: 'result_desc', type: 'text', nullable: true }) resultDesc: string | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
}
