import {
  Column,
  CreateDateColumn,
  Entity,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';
import { Money, moneyColumn } from '../../../common/money/money';
import type { WithdrawalStatus } from '../finance.constants';

/**
 * `withdrawal`: a tipster's request to be paid their whole balance by M-Pesa B2C
 * (docs/PRODUCT-RULES.md R33, R119 "Withdrawal", docs/PRODUCT-RULES.md "Withdrawals"). Amount in
 * whole Ksh; `total_paid` grows as B2C parts are paid. Status (docs/PRODUCT-RULES.md R35): P
 * pending, W paid, F failed, R rejected. `approvedAt` set by an admin starts the payout.
 */
@Entity('withdrawal')
export class Withdrawal {
  @PrimaryGeneratedColumn('identity', { type: 'bigint' }) id: string;
  @Column({ name: 'user_id', type: 'int' }) userId: number;
  @Column(moneyColumn('amount')) amount: Money;
  @Column(moneyColumn('total_paid')) totalPaid: Money;
  /** MSISDN 2547XXXXXXXX / 2541XXXXXXXX receiving the payout. */
  @Column({ name: 'phone_number', type: 'text' }) phoneNumber: string;
  @Column({ type: 'text' }) status: WithdrawalStatus;
  @Column({ name: 'approved_at', type: 'timestamptz', nullable: true }) approvedAt: Date | null;
  @Column({ name: 'approved_by', type: 'int', nullable: true }) approvedBy: number | null;
  @Column({ name: 'rejected_by', type: 'int', nullable: true }) rejectedBy: number | null;
  /** Why the payout failed (last B2C ResultDesc) or was rejected. */
  @Column({ name: 'failure_reason', type: 'text', nullable: true }) failureReason: string | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
}
