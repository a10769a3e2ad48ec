import CloudDownloadIcon from '@mui/icons-material/CloudDownload';
import { BooleanInput, Create, CreateButton, FilterButton, SaveButton, SimpleForm, Toolbar, TopToolbar, type RaRecord } from 'react-admin';
import { renderFilters } from '../common/fields';
import { SpecList, SpecShow } from '../common/screens';
import { listFilters } from '../resource-spec';
import { fixtureImportsSpec } from './spec';

const importFilters = renderFilters(listFilters(fixtureImportsSpec));

const ImportListActions = () => (
  <TopToolbar>
    <FilterButton />
    <CreateButton label="Run import" />
  </TopToolbar>
);

export const FixtureImportList = () => (
  <SpecList spec={fixtureImportsSpec} filters={importFilters} actions={<ImportListActions />} empty={false} />
);

export const FixtureImportShow = () => <SpecShow spec={fixtureImportsSpec} />;

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
