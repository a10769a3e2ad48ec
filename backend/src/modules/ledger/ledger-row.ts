import { Money } from '../../common/money/money';
import { LedgerRowInput } from './ledger.repository';

/** One ledger row to insert from a Money amount (the repository stores decimals); shared by the ledger's services. */
export const row = (
  r: Partial<Omit<LedgerRowInput, 'amount' | 'createdAt'>> &
    Pick<LedgerRowInput, 'account' | 'kind' | 'status'> & { amount: Money; createdAt?: Date },
): LedgerRowInput => ({
  userId: r.userId ?? null,
  account: r.account,
  kind: r.kind,
  amount: r.amount.toDecimal(),
  status: r.status,
  purchaseId: r.purchaseId ?? null,
  withdrawalId: r.withdrawalId ?? null,
  voucherId: r.voucherId ?? null,
  createdAt: r.createdAt ?? null,
});
