import type { ReactElement, ReactNode } from 'react';
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
} from 'react-admin';
import { IdField, MoneyField, NairobiDateField, StatusChipField, statusChoices } from './fields';
import type { StatusStyle } from './format';
import { ResourceDatagrid, ResourceList } from './screens';
import { SlipPicks } from './SlipPicks';

/** Slip result (docs/PRODUCT-RULES.md, Settlement): W won, L lost, C cancelled (every tip void). */
export const SLIP_RESULTS: Record<string, StatusStyle> = {
  W: { label: 'Won', color: 'success' },
  L: { label: 'Lost', color: 'error' },
  C: { label: 'Cancelled', color: 'default' },
};

const slipFilters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <TextInput key="username" source="username" label="Tipster" />,
  <NumberInput key="user_id" source="user_id" label="Tipster ID" />,
  <NumberInput key="price_gte" source="price_gte" label="Price min" />,
  <NumberInput key="price_lte" source="price_lte" label="Price max" />,
  <NumberInput key="accumulator_gte" source="accumulator_gte" label="Total odds min" />,
  <NumberInput key="accumulator_lte" source="accumulator_lte" label="Total odds max" />,
  <BooleanInput key="premium" source="premium" />,
  <BooleanInput key="jackpot" source="jackpot" />,
  <SelectInput
    key="slip_result"
    source="slip_result"
    label="Result"
    choices={statusChoices(SLIP_RESULTS)}
  />,
  <DateInput key="date_created_gte" source="date_created_gte" label="Published from" />,
  <DateInput key="date_created_lte" source="date_created_lte" label="Published to" />,
];

/**
 * The list of `slips` and `premium-slips` (the same record: backend resources/slip-record.ts),
 * newest first; `children` are the row's action buttons.
 */
export const SlipListScreen = ({ children }: { children?: ReactNode }) => (
  <ResourceList sort={{ field: 'date_created', order: 'DESC' }} filters={slipFilters}>
    <ResourceDatagrid>
      <IdField source="id" label="ID" />
      <TextField source="username" label="Tipster" />
      <MoneyField source="price" textAlign="right" />
      <TextField source="accumulator" label="Total odds" />
      <BooleanField source="premium" />
      <BooleanField source="jackpot" sortable={false} />
      <StatusChipField source="slip_result" label="Result" statuses={SLIP_RESULTS} />
      <NairobiDateField source="date_created" label="Published" />
      {children}
    </ResourceDatagrid>
  </ResourceList>
);

/** A slip's page with its picks; `actions` is the top toolbar. */
export const SlipShowScreen = ({ actions }: { actions?: ReactElement }) => (
  <Show actions={actions}>
    <SimpleShowLayout>
      <IdField source="id" label="ID" />
      <TextField source="username" label="Tipster" />
      <IdField source="user_id" label="Tipster ID" />
      <MoneyField source="price" />
      <TextField source="accumulator" label="Total odds" />
      <TextField source="settled_accumulator" label="Settled odds" />
      <BooleanField source="premium" />
      <BooleanField source="jackpot" />
      <StatusChipField source="slip_result" label="Result" statuses={SLIP_RESULTS} />
      <NairobiDateField source="date_created" label="Published" />
      <NairobiDateField source="settled_at" label="Settled" />
      <SlipPicks />
    </SimpleShowLayout>
  </Show>
);
