import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremium';
import { Edit, NumberInput, SaveButton, SimpleForm, TextInput, Toolbar, maxLength, minValue, required } from 'react-admin';
import { kshAmount } from '../common/inputs';
import { renderFilters } from '../common/fields';
import { SpecList, SpecShow } from '../common/screens';
import { listFilters } from '../resource-spec';
import { subscriptionKindsSpec } from './spec';

const kindFilters = renderFilters(listFilters(subscriptionKindsSpec));

export const SubscriptionKindList = () => (
  <SpecList spec={subscriptionKindsSpec} filters={kindFilters} rowClick="edit" />
);

export const SubscriptionKindShow = () => <SpecShow spec={subscriptionKindsSpec} />;

/** Save only: the three kinds are fixed (no delete). */
const SaveOnlyToolbar = () => (
  <Toolbar>
    <SaveButton />
  </Toolbar>
);

/** Price in Ksh (text, 2 decimals at most), days of access, title and description. */
export const SubscriptionKindEdit = () => (
  <Edit mutationMode="pessimistic">
    <SimpleForm toolbar={<SaveOnlyToolbar />}>
      <TextInput source="title" validate={[required(), maxLength(60)]} />
      <TextInput source="price" label="Price (Ksh)" validate={[required(), kshAmount]} />
      <NumberInput source="days" validate={[required(), minValue(1)]} step={1} />
      <TextInput source="description" multiline minRows={3} fullWidth validate={maxLength(1000)} />
    </SimpleForm>
  </Edit>
);

/** `<Resource name="subscription-kinds" {...subscriptionKinds} />`. */
export const subscriptionKinds = {
  list: SubscriptionKindList,
  show: SubscriptionKindShow,
  edit: SubscriptionKindEdit,
  icon: WorkspacePremiumIcon,
  recordRepresentation: 'title',
};
