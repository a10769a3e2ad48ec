import { EntityManager } from 'typeorm';
import { Withdrawal } from './entities/withdrawal.entity';
import { FinanceError, FinanceErrorCode } from './finance.errors';
import { WithdrawalRepository } from './withdrawal.repository';

/**
 * Withdrawal `id` locked FOR UPDATE in `em`'s transaction: every payout change locks the
 * withdrawal row first, then its parts (PayoutDecisionService, PayoutResultService).
 * @throws FinanceError WITHDRAWAL_NOT_FOUND (404) when there is none.
 */
export const lockWithdrawal = async (
  withdrawals: WithdrawalRepository,
  em: EntityManager,
  id: string,
): Promise<Withdrawal> => {
  const w = await withdrawals.lock(em, id);
  if (!w) throw new FinanceError(FinanceErrorCode.WITHDRAWAL_NOT_FOUND);
  return w;
};
