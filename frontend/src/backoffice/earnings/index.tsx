import PaymentsIcon from '@mui/icons-material/Payments';
import {
  DateInput,
  NumberInput,
  SelectInput,
  Show,
  SimpleShowLayout,
  type RaRecord,
} from 'react-admin';
import {
  IdField,
  MoneyField,
  NairobiDateField,
  StatusChipField,
  statusChoices,
} from '../common/fields';
import type { StatusStyle } from '../common/format';
import { ResourceDatagrid, ResourceList } from '../common/screens';

/** Payment status of a sale share (docs/PRODUCT-RULES.md R31): W pending, P paid, other unpaid. */
export const EARNING_STATUSES: Record<string, StatusStyle> = {
  W: { label: 'Pending', color: 'warning' },
  P: { label: 'Paid', color: 'success' },
  U: { label: 'Unpaid', color: 'default' },
};

const earningFilters = [
  <NumberInput key="user_id" source="user_id" label="Tipster ID" />,
  <NumberInput key="amount_gte" source="amount_gte" label="Amount min" />,
  <NumberInput key="amount_lte" source="amount_lte" label="Amount max" />,
  <SelectInput key="status" source="status" choices={statusChoices(EARNING_STATUSES)} />,
  <NumberInput key="purchase_id" source="purchase_id" label="Purchase" />,
  <DateInput key="date_gte" source="date_gte" label="Date from" />,
  <DateInput key="date_lte" source="date_lte" label="Date to" />,
];

/** Sale shares (60% of each sale, Ksh), newest first; a tipster sees their own (the server scopes the rows). */
export const EarningList = () => (
  <ResourceList sort={{ field: 'date', order: 'DESC' }} filters={earningFilters}>
    <ResourceDatagrid>
      <IdField source="id" label="ID" />
      <IdField source="user_id" label="Tipster ID" />
      <MoneyField source="amount" textAlign="right" />
      <StatusChipField source="status" statuses={EARNING_STATUSES} />
      <IdField source="purchase_id" label="Purchase" sortable={false} />
      <NairobiDateField source="date" />
    </ResourceDatagrid>
  </ResourceList>
);

export const EarningShow = () => (
  <Show>
    <SimpleShowLayout>
      <IdField source="id" label="ID" />
      <IdField source="user_id" label="Tipster ID" />
      <MoneyField source="amount" />
      <StatusChipField source="status" statuses={EARNING_STATUSES} />
      <IdField source="purchase_id" label="Purchase" />
      <NairobiDateField source="date" />
    </SimpleShowLayout>
  </Show>
);

/** `<Resource name="earnings" {...earnings} />` (read-only). */
export const earnings = {
  list: EarningList,
  show: EarningShow,
  icon: PaymentsIcon,
  recordRepresentation: (record: RaRecord) => `Earning #${String(record.id)}`,
};
