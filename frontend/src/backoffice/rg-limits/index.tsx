import BlockIcon from '@mui/icons-material/Block';
import {
  DateInput,
  NumberInput,
  SearchInput,
  Show,
  SimpleShowLayout,
  TextField,
  TextInput,
  type RaRecord,
} from 'react-admin';
import { MoneyField, NairobiDateField } from '../common/fields';
import { ResourceDatagrid, ResourceList } from '../common/screens';

const rgFilters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <TextInput key="phone" source="phone" label="Phone" />,
  <NumberInput key="daily_cap_ksh_gte" source="daily_cap_ksh_gte" label="Daily cap min (Ksh)" />,
  <NumberInput key="daily_cap_ksh_lte" source="daily_cap_ksh_lte" label="Daily cap max (Ksh)" />,
  <DateInput key="excluded_until_gte" source="excluded_until_gte" label="Excluded until from" />,
  <DateInput key="excluded_until_lte" source="excluded_until_lte" label="Excluded until to" />,
  <DateInput key="updated_at_gte" source="updated_at_gte" label="Changed from" />,
  <DateInput key="updated_at_lte" source="updated_at_lte" label="Changed to" />,
];

/**
 * Phones' spending caps and self-exclusions, last changed first (read-only: only the phone's holder
 * changes them, with an SMS code on /responsible-gambling).
 */
export const RgLimitList = () => (
  <ResourceList sort={{ field: 'updated_at', order: 'DESC' }} filters={rgFilters}>
    <ResourceDatagrid>
      <TextField source="phone" />
      <MoneyField source="daily_cap_ksh" label="Daily cap (Ksh)" />
      <NairobiDateField source="excluded_until" label="Excluded until" />
      <NairobiDateField source="updated_at" label="Changed" />
    </ResourceDatagrid>
  </ResourceList>
);

export const RgLimitShow = () => (
  <Show>
    <SimpleShowLayout>
      <TextField source="phone" />
      <MoneyField source="daily_cap_ksh" label="Daily cap (Ksh)" />
      <MoneyField source="next_cap_ksh" label="Raised cap (Ksh, waiting)" />
      <NairobiDateField source="next_cap_from" label="Raised cap from" />
      <NairobiDateField source="excluded_until" label="Excluded until" />
      <NairobiDateField source="created_at" label="Created" />
      <NairobiDateField source="updated_at" label="Changed" />
    </SimpleShowLayout>
  </Show>
);

/** `<Resource name="rg-limits" {...rgLimits} />`. */
export const rgLimits = {
  list: RgLimitList,
  show: RgLimitShow,
  icon: BlockIcon,
  recordRepresentation: (record: RaRecord) => `Limits of ${String(record.phone ?? '')}`,
};
