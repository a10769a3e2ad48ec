import { IsIn } from 'class-validator';

/** Back-office decision on a pending withdrawal (PUT /api/backoffice/withdrawals/{id}). */
export class WithdrawalDecisionDto {
  /** 'approved' starts the B2C payout; 'rejected' gives the amount back to the balance. */
  @IsIn(['approved', 'rejected'], { message: "status must be 'approved' or 'rejected'" })
  status: 'approved' | 'rejected';
}
