import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import {
  ArrayInput,
  BooleanField,
  BooleanInput,
  Create,
  DateInput,
  Edit,
  NumberInput,
  SearchInput,
  SelectInput,
  Show,
  SimpleForm,
  SimpleFormIterator,
  SimpleShowLayout,
  TextField,
  TextInput,
  maxLength,
  minLength,
  required,
} from 'react-admin';
import { FixtureInput } from '../common/FixtureInput';
import {
  codeChoices,
  IdField,
  LongTextField,
  MoneyField,
  NairobiDateField,
  NairobiDayField,
} from '../common/fields';
import { wholeKsh } from '../common/inputs';
import { ResourceDatagrid, ResourceList } from '../common/screens';

/** Bookmakers (SP SportPesa, BT Betika) and jackpot types (MG Mega, MW Mid Week): backend jackpot-slug.ts. */
export const JACKPOT_COMPANIES = ['SP', 'BT'] as const;
export const JACKPOT_TYPES = ['MG', 'MW'] as const;

const jackpotFilters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="company" source="company" choices={codeChoices(JACKPOT_COMPANIES)} />,
  <SelectInput key="type" source="type" choices={codeChoices(JACKPOT_TYPES)} />,
  <TextInput key="title" source="title" />,
  <NumberInput key="slip_id" source="slip_id" label="Slip" />,
  <NumberInput key="price" source="price" />,
  <NumberInput key="price_gte" source="price_gte" label="Price min" />,
  <NumberInput key="price_lte" source="price_lte" label="Price max" />,
  <NumberInput key="todays_odd_gte" source="todays_odd_gte" label="Odds min" />,
  <NumberInput key="todays_odd_lte" source="todays_odd_lte" label="Odds max" />,
  <BooleanInput key="current" source="current" />,
  <DateInput key="created_at_gte" source="created_at_gte" label="Created from" />,
  <DateInput key="created_at_lte" source="created_at_lte" label="Created to" />,
  <DateInput key="updated_at_gte" source="updated_at_gte" label="Updated from" />,
  <DateInput key="updated_at_lte" source="updated_at_lte" label="Updated to" />,
];

/** Games per jackpot (backend JackpotService). */
const MIN_GAMES = 10;
const MAX_GAMES = 17;

const choices = (ids: readonly string[]) => ids.map((id) => ({ id, name: id }));

/** Jackpots, newest first; price in whole Ksh, odds as decimal text. */
export const JackpotList = () => (
  <ResourceList sort={{ field: 'created_at', order: 'DESC' }} filters={jackpotFilters}>
    <ResourceDatagrid>
      <IdField source="id" label="ID" />
      <TextField source="company" />
      <TextField source="type" />
      <TextField source="title" />
      <MoneyField source="price" textAlign="right" />
      <TextField source="todays_odd" label="Odds" />
      <NairobiDayField source="week_start" label="Week of" />
      <BooleanField source="current" />
      <NairobiDateField source="created_at" label="Created" />
    </ResourceDatagrid>
  </ResourceList>
);

export const JackpotShow = () => (
  <Show>
    <SimpleShowLayout>
      <IdField source="id" label="ID" />
      <TextField source="company" />
      <TextField source="type" />
      <TextField source="title" />
      <LongTextField source="description" />
      <IdField source="slip_id" label="Slip" />
      <MoneyField source="price" />
      <TextField source="todays_odd" label="Odds" />
      <NairobiDayField source="week_start" label="Week of" />
      <BooleanField source="current" />
      <NairobiDateField source="created_at" label="Created" />
      <NairobiDateField source="updated_at" label="Updated" />
    </SimpleShowLayout>
  </Show>
);

/** Title, description and price only: the games are the slip's, locked once entered. */
export const JackpotEdit = () => (
  <Edit mutationMode="pessimistic">
    <SimpleForm>
      <TextInput source="title" validate={required()} fullWidth />
      <TextInput source="description" multiline minRows={3} fullWidth />
      <TextInput
        source="price"
        label="Price (whole Ksh, 50-1000)"
        validate={[required(), wholeKsh]}
      />
    </SimpleForm>
  </Edit>
);

/** A new jackpot: company, type, title, description, price and 10-17 games (fixture + market id). */
export const JackpotCreate = () => (
  <Create redirect="show">
    <SimpleForm>
      <SelectInput source="company" choices={choices(JACKPOT_COMPANIES)} validate={required()} />
      <SelectInput source="type" choices={choices(JACKPOT_TYPES)} validate={required()} />
      <TextInput source="title" validate={required()} fullWidth />
      <TextInput source="description" multiline minRows={3} fullWidth />
      <TextInput
        source="price"
        label="Price (whole Ksh, 50-1000)"
        validate={[required(), wholeKsh]}
      />
      <ArrayInput
        source="tips"
        label="Games"
        validate={[minLength(MIN_GAMES), maxLength(MAX_GAMES)]}
      >
        <SimpleFormIterator inline>
          <FixtureInput source="game" />
          <NumberInput source="market" label="Market ID" validate={required()} min={1} step={1} />
        </SimpleFormIterator>
      </ArrayInput>
    </SimpleForm>
  </Create>
);

/** `<Resource name="jackpots" {...jackpots} />`. */
export const jackpots = {
  list: JackpotList,
  show: JackpotShow,
  edit: JackpotEdit,
  create: JackpotCreate,
  icon: EmojiEventsIcon,
  recordRepresentation: 'title',
};
