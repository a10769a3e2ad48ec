import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import {
  BooleanField,
  BooleanInput,
  DateInput,
  NumberInput,
  SearchInput,
  SelectInput,
  Show,
  SimpleShowLayout,
  TextField,
  TextInput,
  TopToolbar,
  type RaRecord,
} from 'react-admin';
import {
  codeChoices,
  IdField,
  LongTextField,
  MoneyField,
  NairobiDateField,
  StatusChipField,
  statusChoices,
} from '../common/fields';
import type { StatusStyle } from '../common/format';
import { ResourceDatagrid, ResourceList } from '../common/screens';
import { FlagPurchaseButton } from './FlagPurchaseButton';

/** Purchase status (backend processor/entities/purchase.entity.ts PurchaseStatus). */
export const PURCHASE_STATUSES: Record<string, StatusStyle> = {
  pending: { label: 'Pending', color: 'warning' },
  paid: { label: 'Paid', color: 'success' },
  failed: { label: 'Failed', color: 'error' },
  cancelled: { label: 'Cancelled', color: 'default' },
  timeout: { label: 'Timeout', color: 'default' },
};

const purchaseFilters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="kind" source="kind" choices={codeChoices(['slip', 'subscription'])} />,
  <NumberInput key="slip" source="slip" />,
  <TextInput key="phone" source="phone" label="MSISDN" />,
  <TextInput key="email" source="email" />,
  <NumberInput key="amount_gte" source="amount_gte" label="Amount min" />,
  <NumberInput key="amount_lte" source="amount_lte" label="Amount max" />,
  <SelectInput key="currency" source="currency" choices={codeChoices(['KES', 'NGN', 'UGX'])} />,
  <SelectInput key="provider" source="provider" choices={codeChoices(['mpesa', 'flutterwave'])} />,
  <SelectInput key="status" source="status" choices={statusChoices(PURCHASE_STATUSES)} />,
  <TextInput key="receipt" source="receipt" />,
  <TextInput key="code" source="code" />,
  <TextInput key="tx_ref" source="tx_ref" label="tx_ref" />,
  <BooleanInput key="flagged" source="flagged" />,
  <DateInput key="created_at_gte" source="created_at_gte" label="Created from" />,
  <DateInput key="created_at_lte" source="created_at_lte" label="Created to" />,
  <DateInput key="paid_at_gte" source="paid_at_gte" label="Paid at from" />,
  <DateInput key="paid_at_lte" source="paid_at_lte" label="Paid at to" />,
];

/**
 * Every payment attempt (M-Pesa STK push or Flutterwave), newest first. `amount` and
 * `paid_amount` are in `currency`'s units and shown in that currency (Ksh for KES, NGN, UGX).
 */
export const PurchaseList = () => (
  <ResourceList sort={{ field: 'created_at', order: 'DESC' }} filters={purchaseFilters}>
    <ResourceDatagrid>
      <IdField source="id" label="ID" />
      <TextField source="kind" />
      <IdField source="slip" sortable={false} />
      <TextField source="phone" label="MSISDN" sortable={false} />
      <MoneyField source="amount" currencySource="currency" textAlign="right" />
      <TextField source="currency" sortable={false} />
      <TextField source="provider" />
      <StatusChipField source="status" statuses={PURCHASE_STATUSES} />
      <BooleanField source="flagged" sortable={false} />
      <NairobiDateField source="created_at" label="Created" />
    </ResourceDatagrid>
  </ResourceList>
);

export const PurchaseShow = () => (
  <Show
    actions={
      <TopToolbar>
        <FlagPurchaseButton />
      </TopToolbar>
    }
  >
    <SimpleShowLayout>
      <IdField source="id" label="ID" />
      <TextField source="kind" />
      <IdField source="slip" />
      <TextField source="subscription_type" label="Subscription" />
      <TextField source="phone" label="MSISDN" />
      <TextField source="email" />
      <MoneyField source="amount" currencySource="currency" />
      <MoneyField source="paid_amount" label="Paid amount" currencySource="currency" />
      <TextField source="currency" />
      <TextField source="provider" />
      <StatusChipField source="status" statuses={PURCHASE_STATUSES} />
      <TextField source="receipt" />
      <TextField source="code" />
      <TextField source="checkout_request_id" label="CheckoutRequestID" />
      <TextField source="tx_ref" label="tx_ref" />
      <TextField source="result_desc" label="Provider result" />
      <BooleanField source="flagged" />
      <LongTextField source="review_reason" label="Review reason" />
      <LongTextField source="review_note" label="Review note" />
      <TextField source="reviewed_by" label="Reviewed by" />
      <NairobiDateField source="reviewed_at" label="Reviewed" />
      <NairobiDateField source="created_at" label="Created" />
      <NairobiDateField source="paid_at" label="Paid at" />
    </SimpleShowLayout>
  </Show>
);

/** `<Resource name="purchases" {...purchases} />` (read; the flag is the only change). */
export const purchases = {
  list: PurchaseList,
  show: PurchaseShow,
  icon: ShoppingCartIcon,
  recordRepresentation: (record: RaRecord) => `Purchase #${String(record.id)}`,
};
