import TipsAndUpdatesIcon from '@mui/icons-material/TipsAndUpdates';
import { Create, Edit, NumberInput, SimpleForm, required, type RaRecord } from 'react-admin';
import { FixtureInput } from '../common/FixtureInput';
import { renderFilters } from '../common/fields';
import { SpecList, SpecShow } from '../common/screens';
import { listFilters } from '../resource-spec';
import { freeTipsSpec } from './spec';

const freeTipFilters = renderFilters(listFilters(freeTipsSpec));

export const FreeTipList = () => <SpecList spec={freeTipsSpec} filters={freeTipFilters} />;

export const FreeTipShow = () => <SpecShow spec={freeTipsSpec} />;

/** An upcoming fixture and a market id (GET /api/slip/markets); the server checks the fixture has an odd for it. */
const FreeTipForm = () => (
  <SimpleForm>
    <FixtureInput source="fixture" />
    <NumberInput source="market" label="Market ID" validate={required()} min={1} step={1} helperText="Market id from /api/slip/markets" />
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
