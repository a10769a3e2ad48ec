import AutoDeleteIcon from '@mui/icons-material/AutoDelete';
import {
  DateInput,
  NumberField,
  NumberInput,
  Show,
  SimpleShowLayout,
  type RaRecord,
} from 'react-admin';
import { IdField, NairobiDateField } from '../common/fields';
import { ResourceDatagrid, ResourceList } from '../common/screens';

const retentionFilters = [
  <DateInput key="started_at_gte" source="started_at_gte" label="Run from" />,
  <DateInput key="started_at_lte" source="started_at_lte" label="Run to" />,
  <NumberInput
    key="sms_bodies_erased_gte"
    source="sms_bodies_erased_gte"
    label="SMS texts erased, at least"
  />,
  <NumberInput
    key="email_bodies_erased_gte"
    source="email_bodies_erased_gte"
    label="E-mails erased, at least"
  />,
  <NumberInput
    key="purchase_contacts_erased_gte"
    source="purchase_contacts_erased_gte"
    label="Purchase contacts erased, at least"
  />,
  <NumberInput
    key="purchase_contacts_kept_gte"
    source="purchase_contacts_kept_gte"
    label="Purchase contacts kept, at least"
  />,
  <NumberInput
    key="registrations_deleted_gte"
    source="registrations_deleted_gte"
    label="Registrations deleted, at least"
  />,
  <NumberInput
    key="registrations_kept_gte"
    source="registrations_kept_gte"
    label="Registrations kept, at least"
  />,
];

/**
 * The data retention runs, newest first (docs/PRODUCT-RULES.md R274, R280): what each erased and kept.
 * Read-only: the maintenance queue's `run-retention` job writes them.
 */
export const RetentionRunList = () => (
  <ResourceList sort={{ field: 'started_at', order: 'DESC' }} filters={retentionFilters}>
    <ResourceDatagrid>
      <IdField source="id" />
      <NairobiDateField source="started_at" label="Run at" />
      <NumberField source="sms_bodies_erased" label="SMS texts erased" />
      <NumberField source="email_bodies_erased" label="E-mails erased" />
      <NumberField source="purchase_contacts_erased" label="Purchase contacts erased" />
      <NumberField source="purchase_contacts_kept" label="Kept (money open)" />
      <NumberField source="registrations_deleted" label="Registrations deleted" />
      <NumberField source="registrations_kept" label="Registrations kept" />
    </ResourceDatagrid>
  </ResourceList>
);

export const RetentionRunShow = () => (
  <Show>
    <SimpleShowLayout>
      <IdField source="id" />
      <NairobiDateField source="started_at" label="Started" />
      <NairobiDateField source="finished_at" label="Finished" />
      <NumberField source="sms_body_days" label="SMS texts kept (days)" />
      <NumberField source="email_body_days" label="E-mails kept (days)" />
      <NumberField source="purchase_phone_months" label="Purchase contacts kept (months)" />
      <NumberField
        source="abandoned_registration_days"
        label="Unfinished registrations kept (days)"
      />
      <NairobiDateField source="sms_before" label="SMS texts erased if sent before" />
      <NairobiDateField source="email_before" label="E-mails erased if sent before" />
      <NairobiDateField
        source="purchase_before"
        label="Purchase contacts erased if bought before"
      />
      <NairobiDateField source="registration_before" label="Registrations deleted if made before" />
      <NumberField source="sms_bodies_erased" label="SMS texts erased" />
      <NumberField source="email_bodies_erased" label="E-mails erased" />
      <NumberField source="purchase_contacts_erased" label="Purchase contacts erased" />
      <NumberField source="purchase_contacts_kept" label="Purchase contacts kept (money open)" />
      <NumberField source="registrations_deleted" label="Registrations deleted" />
      <NumberField source="registrations_kept" label="Registrations kept (still referenced)" />
    </SimpleShowLayout>
  </Show>
);

/** `<Resource name="retention-runs" {...retentionRuns} />`. */
export const retentionRuns = {
  list: RetentionRunList,
  show: RetentionRunShow,
  icon: AutoDeleteIcon,
  recordRepresentation: (record: RaRecord) => `Retention run ${String(record.id ?? '')}`,
};
