import MoneyOffIcon from '@mui/icons-material/MoneyOff';
import {
  DateInput,
  NumberInput,
  SearchInput,
  SelectInput,
  Show,
  SimpleShowLayout,
  TextField,
  TextInput,
  type RaRecord,
} from 'react-admin';
import { codeChoices, IdField, MoneyField, NairobiDateField } from '../common/fields';
import { ResourceDatagrid, ResourceList } from '../common/screens';

/** Why paybill money paid nothing (docs/PRODUCT-RULES.md R203). */
const REASONS = [
  'unknown-reference',
  'expired-reference',
  'closed-reference',
  'amount-mismatch',
] as const;

const unmatchedFilters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="reason" source="reason" label="Reason" choices={codeChoices(REASONS)} />,
  <TextInput key="trans_id" source="trans_id" label="M-Pesa code" />,
  <TextInput key="bill_ref_number" source="bill_ref_number" label="Account number" />,
  <NumberInput key="amount_gte" source="amount_gte" label="Amount min (Ksh)" />,
  <NumberInput key="amount_lte" source="amount_lte" label="Amount max (Ksh)" />,
  <DateInput key="created_at_gte" source="created_at_gte" label="Received from" />,
  <DateInput key="created_at_lte" source="created_at_lte" label="Received to" />,
];

/**
 * Paybill money that paid no purchase, newest first, for refund (read-only: refunds are made in
 * M-Pesa's own portal).
 */
export const UnmatchedPaymentList = () => (
  <ResourceList sort={{ field: 'created_at', order: 'DESC' }} filters={unmatchedFilters}>
    <ResourceDatagrid>
      <IdField source="id" />
      <TextField source="trans_id" label="M-Pesa code" />
      <TextField source="bill_ref_number" label="Account number" />
      <MoneyField source="amount" label="Amount (Ksh)" />
      <TextField source="reason" />
      <IdField source="purchase_id" label="Purchase" sortable={false} />
      <NairobiDateField source="created_at" label="Received" />
    </ResourceDatagrid>
  </ResourceList>
);

export const UnmatchedPaymentShow = () => (
  <Show>
    <SimpleShowLayout>
      <IdField source="id" />
      <TextField source="trans_id" label="M-Pesa code" />
      <TextField source="bill_ref_number" label="Account number" />
      <MoneyField source="amount" label="Amount (Ksh)" />
      <TextField source="reason" />
      <IdField source="purchase_id" label="Purchase" />
      <TextField source="msisdn" label="Payer (as M-Pesa sent it)" />
      <TextField source="first_name" label="Payer's first name" />
      <TextField source="business_short_code" label="Paybill" />
      <TextField source="trans_time" label="M-Pesa time" />
      <NairobiDateField source="created_at" label="Received" />
    </SimpleShowLayout>
  </Show>
);

/** `<Resource name="unmatched-payments" {...unmatchedPayments} />`. */
export const unmatchedPayments = {
  list: UnmatchedPaymentList,
  show: UnmatchedPaymentShow,
  icon: MoneyOffIcon,
  recordRepresentation: (record: RaRecord) => `Unmatched ${String(record.trans_id ?? '')}`,
};
