import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import { TopToolbar, type RaRecord } from 'react-admin';
import { renderFilters } from '../common/fields';
import { SpecList, SpecShow } from '../common/screens';
import { listFilters } from '../resource-spec';
import { PayoutDecisionButtons } from './PayoutDecisionButtons';
import { withdrawalsSpec } from './spec';

const withdrawalFilters = renderFilters(listFilters(withdrawalsSpec));

/** Withdrawal requests, newest first; admins approve or reject pending ones in the row. */
export const WithdrawalList = () => (
  <SpecList spec={withdrawalsSpec} filters={withdrawalFilters}>
    <PayoutDecisionButtons />
  </SpecList>
);

export const WithdrawalShow = () => (
  <SpecShow
    spec={withdrawalsSpec}
    actions={
      <TopToolbar>
        <PayoutDecisionButtons />
      </TopToolbar>
    }
  />
);

/** `<Resource name="withdrawals" {...withdrawals} />` (no edit form: the decision buttons are the update). */
export const withdrawals = {
  list: WithdrawalList,
  show: WithdrawalShow,
  icon: AccountBalanceWalletIcon,
  recordRepresentation: (record: RaRecord) => `Withdrawal #${String(record.id)}`,
};
