import SmsIcon from '@mui/icons-material/Sms';
import SendIcon from '@mui/icons-material/Send';
import {
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
  IdField,
  LongTextField,
  NairobiDateField,
  StatusChipField,
  statusChoices,
} from '../common/fields';
import type { StatusStyle } from '../common/format';
import { ResourceDatagrid, ResourceList } from '../common/screens';
import { UpdateActionButton } from '../common/UpdateActionButton';

/** Outbox status (backend notifications/entities/sms-outbox.entity.ts SmsStatus). */
export const SMS_STATUSES: Record<string, StatusStyle> = {
  queued: { label: 'Queued', color: 'warning' },
  sending: { label: 'Sending', color: 'warning' },
  sent: { label: 'Sent', color: 'info' },
  delivered: { label: 'Delivered', color: 'success' },
  failed: { label: 'Failed', color: 'error' },
};

const smsFilters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <TextInput key="to" source="to" label="To (MSISDN)" />,
  <TextInput key="body" source="body" label="Text" />,
  <TextInput key="purpose" source="purpose" />,
  <SelectInput key="status" source="status" choices={statusChoices(SMS_STATUSES)} />,
  <NumberInput key="attempts_gte" source="attempts_gte" label="Attempts min" />,
  <NumberInput key="attempts_lte" source="attempts_lte" label="Attempts max" />,
  <DateInput key="created_at_gte" source="created_at_gte" label="Created from" />,
  <DateInput key="created_at_lte" source="created_at_lte" label="Created to" />,
  <DateInput key="sent_at_gte" source="sent_at_gte" label="Sent from" />,
  <DateInput key="sent_at_lte" source="sent_at_lte" label="Sent to" />,
];

const delivered = (record: RaRecord): boolean => record.status === 'delivered';

/**
 * Sends the SMS again (PUT {resend: true}); a delivered one asks first and sends `force: true`,
 * since the buyer already has it and a resend is a second paid SMS.
 */
export const ResendSmsButton = () => (
  <UpdateActionButton
    label="Resend"
    icon={<SendIcon />}
    access="resend"
    data={(record) => (delivered(record) ? { resend: true, force: true } : { resend: true })}
    confirm={(record) =>
      delivered(record) ? 'This SMS was delivered. Send it again (a second paid SMS)?' : null
    }
    success="SMS queued again"
  />
);

/** The SMS outbox, newest first; each row can be sent again. */
export const SmsMessageList = () => (
  <ResourceList sort={{ field: 'id', order: 'DESC' }} filters={smsFilters}>
    <ResourceDatagrid>
      <IdField source="id" label="ID" />
      <TextField source="to" label="To (MSISDN)" />
      <LongTextField source="body" label="Text" inList sortable={false} />
      <TextField source="purpose" />
      <StatusChipField source="status" statuses={SMS_STATUSES} />
      <IdField source="attempts" />
      <NairobiDateField source="created_at" label="Created" />
      <NairobiDateField source="sent_at" label="Sent" />
      <ResendSmsButton />
    </ResourceDatagrid>
  </ResourceList>
);

export const SmsMessageShow = () => (
  <Show
    actions={
      <TopToolbar>
        <ResendSmsButton />
      </TopToolbar>
    }
  >
    <SimpleShowLayout>
      <IdField source="id" label="ID" />
      <TextField source="to" label="To (MSISDN)" />
      <LongTextField source="body" label="Text" />
      <TextField source="purpose" />
      <StatusChipField source="status" statuses={SMS_STATUSES} />
      <IdField source="attempts" />
      <TextField source="provider_message_id" label="Provider message ID" />
      <TextField source="cost" />
      <LongTextField source="last_error" label="Last error" />
      <TextField source="delivery_status" label="Delivery report" />
      <NairobiDateField source="created_at" label="Created" />
      <NairobiDateField source="updated_at" label="Updated" />
      <NairobiDateField source="sent_at" label="Sent" />
      <NairobiDateField source="delivered_at" label="Delivered" />
    </SimpleShowLayout>
  </Show>
);

/** `<Resource name="sms-messages" {...smsMessages} />`. */
export const smsMessages = {
  list: SmsMessageList,
  show: SmsMessageShow,
  icon: SmsIcon,
  recordRepresentation: (record: RaRecord) =>
    `SMS #${String(record.id)} to ${String(record.to ?? '')}`,
};
