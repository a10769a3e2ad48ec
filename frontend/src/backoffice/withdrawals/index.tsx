import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import {
  DateInput,
  NumberInput,
  SelectInput,
  Show,
  SimpleShowLayout,
  TextField,
  TextInput,
  TopToolbar,
  type RaRecord,
} from 'react-admin';
import {
  IdField,
  LongTextField,
  MoneyField,
  NairobiDateField,
  StatusChipField,
  statusChoices,
} from '../common/fields';
import { ResourceDatagrid, ResourceList } from '../common/screens';
import { WITHDRAWAL_STATUSES } from './constants';
import { PayoutDecisionButtons } from './PayoutDecisionButtons';

const withdrawalFilters = [
  <NumberInput key="user_id" source="user_id" label="Tipster ID" />,
  <TextInput key="username" source="username" label="Tipster" />,
  <NumberInput key="amount_gte" source="amount_gte" label="Amount min" />,
  <NumberInput key="amount_lte" source="amount_lte" label="Amount max" />,
  <NumberInput key="total_paid_gte" source="total_paid_gte" label="Total paid min" />,
  <NumberInput key="total_paid_lte" source="total_paid_lte" label="Total paid max" />,
  <SelectInput key="status" source="status" choices={statusChoices(WITHDRAWAL_STATUSES)} />,
  <TextInput key="phone_number" source="phone_number" label="M-Pesa number" />,
  <DateInput key="approved_at_gte" source="approved_at_gte" label="Approved from" />,
  <DateInput key="approved_at_lte" source="approved_at_lte" label="Approved to" />,
  <DateInput key="date_gte" source="date_gte" label="Requested from" />,
  <DateInput key="date_lte" source="date_lte" label="Requested to" />,
];

/** Withdrawal requests, newest first; admins approve or reject pending ones in the row. */
export const WithdrawalList = () => (
  <ResourceList sort={{ field: 'date', order: 'DESC' }} filters={withdrawalFilters}>
    <ResourceDatagrid>
      <IdField source="id" label="ID" />
      <IdField source="user_id" label="Tipster ID" />
      <TextField source="username" label="Tipster" />
      <MoneyField source="amount" textAlign="right" />
      <MoneyField source="total_paid" label="Total paid" textAlign="right" />
      <StatusChipField source="status" statuses={WITHDRAWAL_STATUSES} />
      <TextField source="phone_number" label="M-Pesa number" sortable={false} />
      <TextField source="approved_by_username" label="Approver" sortable={false} />
      <NairobiDateField source="date" label="Requested" />
      <PayoutDecisionButtons />
    </ResourceDatagrid>
  </ResourceList>
);

export const WithdrawalShow = () => (
  <Show
    actions={
      <TopToolbar>
        <PayoutDecisionButtons />
      </TopToolbar>
    }
  >
    <SimpleShowLayout>
      <IdField source="id" label="ID" />
      <IdField source="user_id" label="Tipster ID" />
      <TextField source="username" label="Tipster" />
      <MoneyField source="amount" />
      <MoneyField source="total_paid" label="Total paid" />
      <StatusChipField source="status" statuses={WITHDRAWAL_STATUSES} />
      <TextField source="phone_number" label="M-Pesa number" />
      <NairobiDateField source="approved_at" label="Approved" />
      <IdField source="approved_by" label="Approved by" />
      <TextField source="approved_by_username" label="Approver" />
      <IdField source="rejected_by" label="Rejected by" />
      <TextField source="rejected_by_username" label="Rejected by (username)" />
      <LongTextField source="failure_reason" label="Failure reason" />
      <NairobiDateField source="date" label="Requested" />
    </SimpleShowLayout>
  </Show>
);

/** `<Resource name="withdrawals" {...withdrawals} />` (no edit form: the decision buttons are the update). */
export const withdrawals = {
  list: WithdrawalList,
  show: WithdrawalShow,
  icon: AccountBalanceWalletIcon,
  recordRepresentation: (record: RaRecord) => `Withdrawal #${String(record.id)}`,
};
