import MarkEmailReadIcon from '@mui/icons-material/MarkEmailRead';
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
import { IdField, NairobiDateField, StatusChipField, statusChoices } from '../common/fields';
import type { StatusStyle } from '../common/format';
import { ResourceDatagrid, ResourceList } from '../common/screens';

/** Picks delivery states (backend modules/slip/domain/picks-delivery.ts PicksDeliveryState). */
export const DELIVERY_STATES: Record<string, StatusStyle> = {
  queued: { label: 'Queued', color: 'warning' },
  sent: { label: 'Sent', color: 'info' },
  delivered: { label: 'Delivered', color: 'success' },
  failed: { label: 'Failed', color: 'error' },
  resent: { label: 'Re-sent', color: 'warning' },
  'fallback-notified': { label: 'Told where to read', color: 'warning' },
  undelivered: { label: 'Undelivered', color: 'error' },
};

const deliveryFilters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="state" source="state" choices={statusChoices(DELIVERY_STATES)} alwaysOn />,
  <TextInput key="phone" source="phone" label="Phone (MSISDN)" />,
  <NumberInput key="slip" source="slip" />,
  <TextInput key="at_status" source="at_status" label="Last AT status" />,
  <DateInput key="queued_at_gte" source="queued_at_gte" label="Queued from" />,
  <DateInput key="queued_at_lte" source="queued_at_lte" label="Queued to" />,
];

/** How each bought slip's picks reached the buyer, newest purchase first (read-only). */
export const DeliveryList = () => (
  <ResourceList sort={{ field: 'id', order: 'DESC' }} filters={deliveryFilters}>
    <ResourceDatagrid>
      <IdField source="id" label="Purchase" />
      <IdField source="slip" />
      <TextField source="phone" label="Phone (MSISDN)" />
      <StatusChipField source="state" statuses={DELIVERY_STATES} />
      <TextField source="at_status" label="Last AT status" />
      <NairobiDateField source="queued_at" label="Queued" />
      <NairobiDateField source="first_kickoff_at" label="First kick-off" />
      <NairobiDateField source="updated_at" label="Updated" />
    </ResourceDatagrid>
  </ResourceList>
);

export const DeliveryShow = () => (
  <Show>
    <SimpleShowLayout>
      <IdField source="purchase_id" label="Purchase" />
      <IdField source="slip" />
      <TextField source="phone" label="Phone (MSISDN)" />
      <TextField source="email" label="E-mail" />
      <TextField source="code" />
      <StatusChipField source="state" statuses={DELIVERY_STATES} />
      <TextField source="at_status" label="Last AT status" />
      <IdField source="sms_id" label="Picks SMS" />
      <IdField source="resend_sms_id" label="Re-sent SMS" />
      <IdField source="fallback_sms_id" label="Fallback SMS" />
      <IdField source="fallback_email_id" label="Fallback e-mail" />
      <NairobiDateField source="queued_at" label="Queued" />
      <NairobiDateField source="due_at" label="Due (timeout)" />
      <NairobiDateField source="sent_at" label="Accepted by AT" />
      <NairobiDateField source="failed_at" label="Failed" />
      <NairobiDateField source="resent_at" label="Re-sent" />
      <NairobiDateField source="fallback_at" label="Told where to read" />
      <NairobiDateField source="delivered_at" label="Delivered" />
      <NairobiDateField source="undelivered_at" label="Undelivered" />
      <NairobiDateField source="first_kickoff_at" label="First kick-off" />
    </SimpleShowLayout>
  </Show>
);

/** `<Resource name="deliveries" {...deliveries} />`. */
export const deliveries = {
  list: DeliveryList,
  show: DeliveryShow,
  icon: MarkEmailReadIcon,
  recordRepresentation: (record: RaRecord) => `Delivery of purchase #${String(record.id)}`,
};
