import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import {
  ArrayInput,
  Create,
  Edit,
  NumberInput,
  SelectInput,
  SimpleForm,
  SimpleFormIterator,
  TextInput,
  maxLength,
  minLength,
  required,
} from 'react-admin';
import { FixtureInput } from '../common/FixtureInput';
import { wholeKsh } from '../common/inputs';
import { renderFilters } from '../common/fields';
import { SpecList, SpecShow } from '../common/screens';
import { listFilters } from '../resource-spec';
import { JACKPOT_COMPANIES, JACKPOT_TYPES, jackpotsSpec } from './spec';

const jackpotFilters = renderFilters(listFilters(jackpotsSpec));

/** Games per jackpot (backend JackpotService). */
const MIN_GAMES = 10;
const MAX_GAMES = 17;

const choices = (ids: readonly string[]) => ids.map((id) => ({ id, name: id }));

export const JackpotList = () => <SpecList spec={jackpotsSpec} filters={jackpotFilters} />;

export const JackpotShow = () => <SpecShow spec={jackpotsSpec} />;

/** Title, description and price only: the games are the slip's, locked once entered. */
export const JackpotEdit = () => (
  <Edit mutationMode="pessimistic">
    <SimpleForm>
      <TextInput source="title" validate={required()} fullWidth />
      <TextInput source="description" multiline minRows={3} fullWidth />
      <TextInput source="price" label="Price (whole Ksh, 50-1000)" validate={[required(), wholeKsh]} />
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
      <TextInput source="price" label="Price (whole Ksh, 50-1000)" validate={[required(), wholeKsh]} />
      <ArrayInput source="tips" label="Games" validate={[minLength(MIN_GAMES), maxLength(MAX_GAMES)]}>
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
