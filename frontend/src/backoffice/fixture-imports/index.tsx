import CloudDownloadIcon from '@mui/icons-material/CloudDownload';
import {
  BooleanField,
  BooleanInput,
  Create,
  CreateButton,
  DateInput,
  FilterButton,
  SaveButton,
  SelectInput,
  Show,
  SimpleForm,
  SimpleShowLayout,
  TextField,
  TextInput,
  Toolbar,
  TopToolbar,
  type RaRecord,
} from 'react-admin';
import {
  codeChoices,
  IdField,
  JsonField,
  LongTextField,
  NairobiDateField,
  StatusChipField,
} from '../common/fields';
import { ResourceDatagrid, ResourceList } from '../common/screens';

/** Import run statuses (backend fixtures/entities/fixture-import-run.entity.ts). */
export const IMPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;

const importFilters = [
  <SelectInput key="status" source="status" choices={codeChoices(IMPORT_STATUSES)} />,
  <TextInput key="requested_by" source="requested_by" label="Requested by" />,
  <DateInput key="requested_at_gte" source="requested_at_gte" label="Requested from" />,
  <DateInput key="requested_at_lte" source="requested_at_lte" label="Requested to" />,
];

const ImportListActions = () => (
  <TopToolbar>
    <FilterButton />
    <CreateButton label="Run import" />
  </TopToolbar>
);

export const FixtureImportList = () => (
  <ResourceList
    sort={{ field: 'id', order: 'DESC' }}
    filters={importFilters}
    actions={<ImportListActions />}
    empty={false}
  >
    <ResourceDatagrid>
      <IdField source="id" label="ID" />
      <StatusChipField source="status" />
      <TextField source="requested_by" label="Requested by" />
      <BooleanField source="force" sortable={false} />
      <NairobiDateField source="requested_at" label="Requested" />
      <NairobiDateField source="finished_at" label="Finished" sortable={false} />
    </ResourceDatagrid>
  </ResourceList>
);

export const FixtureImportShow = () => (
  <Show>
    <SimpleShowLayout>
      <IdField source="id" label="ID" />
      <StatusChipField source="status" />
      <TextField source="requested_by" label="Requested by" />
      <BooleanField source="force" />
      <NairobiDateField source="requested_at" label="Requested" />
      <NairobiDateField source="started_at" label="Started" />
      <NairobiDateField source="finished_at" label="Finished" />
      <TextField source="job_id" label="Job" />
      <JsonField source="report" />
      <LongTextField source="error" />
    </SimpleShowLayout>
  </Show>
);

const RunImportToolbar = () => (
  <Toolbar>
    <SaveButton label="Run import" alwaysEnable />
  </Toolbar>
);

/** 'Run import': POST {force}; the worker fills status and report, shown on the run's page. */
export const FixtureImportCreate = () => (
  <Create title="Run fixture import" redirect="show">
    <SimpleForm toolbar={<RunImportToolbar />} defaultValues={{ force: false }}>
      <BooleanInput source="force" label="Re-read every file (not only changed ones)" />
    </SimpleForm>
  </Create>
);

/** `<Resource name="fixture-imports" {...fixtureImports} />`. */
export const fixtureImports = {
  list: FixtureImportList,
  show: FixtureImportShow,
  create: FixtureImportCreate,
  icon: CloudDownloadIcon,
  recordRepresentation: (record: RaRecord) => `Import #${String(record.id)}`,
};
