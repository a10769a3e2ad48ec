import HistoryIcon from '@mui/icons-material/History';
import {
  DateInput,
  NumberInput,
  Show,
  SimpleShowLayout,
  TextField,
  TextInput,
  type RaRecord,
} from 'react-admin';
import { IdField, JsonField, NairobiDateField, StatusChipField } from '../common/fields';
import { ResourceDatagrid, ResourceList } from '../common/screens';

const auditFilters = [
  <DateInput key="at_gte" source="at_gte" label="At from" />,
  <DateInput key="at_lte" source="at_lte" label="At to" />,
  <NumberInput key="actor_id" source="actor_id" label="Actor ID" />,
  <TextInput key="actor_username" source="actor_username" label="Actor" />,
  <TextInput key="action" source="action" />,
  <TextInput key="resource" source="resource" />,
  <TextInput key="record_id" source="record_id" label="Record" />,
];

/** Audit log list: newest first; a row opens who changed what, before and after. */
export const AuditLogList = () => (
  <ResourceList sort={{ field: 'id', order: 'DESC' }} filters={auditFilters}>
    <ResourceDatagrid>
      <IdField source="id" label="ID" />
      <NairobiDateField source="at" label="At" />
      <TextField source="actor_username" label="Actor" />
      <StatusChipField source="action" />
      <TextField source="resource" />
      <TextField source="record_id" label="Record" sortable={false} />
    </ResourceDatagrid>
  </ResourceList>
);

export const AuditLogShow = () => (
  <Show>
    <SimpleShowLayout>
      <IdField source="id" label="ID" />
      <NairobiDateField source="at" label="At" />
      <IdField source="actor_id" label="Actor ID" />
      <TextField source="actor_username" label="Actor" />
      <TextField source="actor_role" label="Role" />
      <StatusChipField source="action" />
      <TextField source="resource" />
      <TextField source="record_id" label="Record" />
      <JsonField source="before" />
      <JsonField source="after" />
    </SimpleShowLayout>
  </Show>
);

/** `<Resource name="audit-log" {...auditLog} />` (read-only). */
export const auditLog = {
  list: AuditLogList,
  show: AuditLogShow,
  icon: HistoryIcon,
  recordRepresentation: (record: RaRecord) =>
    `${String(record.action ?? '')} ${String(record.resource ?? '')} #${String(record.record_id ?? '')}`,
};
