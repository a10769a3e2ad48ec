import TipsAndUpdatesIcon from '@mui/icons-material/TipsAndUpdates';
import {
  Create,
  DateInput,
  Edit,
  NumberInput,
  SearchInput,
  Show,
  SimpleForm,
  SimpleShowLayout,
  TextField,
  TextInput,
  required,
  type RaRecord,
} from 'react-admin';
import { FixtureInput } from '../common/FixtureInput';
import { IdField, NairobiDateField, StatusChipField } from '../common/fields';
import { ResourceDatagrid, ResourceList } from '../common/screens';

const freeTipFilters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <NumberInput key="fixture" source="fixture" label="Fixture ID" />,
  <TextInput key="home_team" source="home_team" label="Home" />,
  <TextInput key="away_team" source="away_team" label="Away" />,
  <DateInput key="kickoff_gte" source="kickoff_gte" label="Kick-off from" />,
  <DateInput key="kickoff_lte" source="kickoff_lte" label="Kick-off to" />,
  <NumberInput key="market" source="market" label="Market ID" />,
  <DateInput key="date_created_gte" source="date_created_gte" label="Created from" />,
  <DateInput key="date_created_lte" source="date_created_lte" label="Created to" />,
];

/** Free tips (one market on one upcoming fixture each), newest first. */
export const FreeTipList = () => (
  <ResourceList sort={{ field: 'date_created', order: 'DESC' }} filters={freeTipFilters}>
    <ResourceDatagrid>
      <IdField source="id" label="ID" />
      <TextField source="home_team" label="Home" />
      <TextField source="away_team" label="Away" />
      <NairobiDateField source="kickoff" label="Kick-off" />
      <TextField source="market_type" label="Market" sortable={false} />
      <TextField source="market_value" label="Pick" sortable={false} />
      <StatusChipField source="fixture_status" label="Fixture status" sortable={false} />
      <NairobiDateField source="date_created" label="Created" />
    </ResourceDatagrid>
  </ResourceList>
);

export const FreeTipShow = () => (
  <Show>
    <SimpleShowLayout>
      <IdField source="id" label="ID" />
      <IdField source="fixture" label="Fixture ID" />
      <TextField source="home_team" label="Home" />
      <TextField source="away_team" label="Away" />
      <NairobiDateField source="kickoff" label="Kick-off" />
      <IdField source="market" label="Market ID" />
      <TextField source="market_type" label="Market" />
      <TextField source="market_value" label="Pick" />
      <StatusChipField source="fixture_status" label="Fixture status" />
      <NairobiDateField source="date_created" label="Created" />
    </SimpleShowLayout>
  </Show>
);

/** An upcoming fixture and a market id (GET /api/slip/markets); the server checks the fixture has an odd for it. */
const FreeTipForm = () => (
  <SimpleForm>
    <FixtureInput source="fixture" />
    <NumberInput
      source="market"
      label="Market ID"
      validate={required()}
      min={1}
      step={1}
      helperText="Market id from /api/slip/markets"
    />
  </SimpleForm>
);

export const FreeTipEdit = () => (
  <Edit mutationMode="pessimistic">
    <FreeTipForm />
  </Edit>
);

export const FreeTipCreate = () => (
  <Create redirect="list">
    <FreeTipForm />
  </Create>
);

/** `<Resource name="free-tips" {...freeTips} />`. */
export const freeTips = {
  list: FreeTipList,
  show: FreeTipShow,
  edit: FreeTipEdit,
  create: FreeTipCreate,
  icon: TipsAndUpdatesIcon,
  recordRepresentation: (record: RaRecord) =>
    `${String(record.home_team ?? '?')} v ${String(record.away_team ?? '?')}: ${String(record.market_value ?? '')}`,
};
