import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremium';
import {
  Edit,
  NumberInput,
  SaveButton,
  SelectInput,
  Show,
  SimpleForm,
  SimpleShowLayout,
  TextField,
  TextInput,
  Toolbar,
  maxLength,
  minValue,
  required,
} from 'react-admin';
import {
  codeChoices,
  IdField,
  LongTextField,
  MoneyField,
  NairobiDateField,
  StatusChipField,
} from '../common/fields';
import { kshAmount } from '../common/inputs';
import { ResourceDatagrid, ResourceList } from '../common/screens';

/** The three fixed subscription types (docs/PRODUCT-RULES.md, Subscriptions). */
export const SUBSCRIPTION_TYPES = ['gold', 'silver', 'bronze'] as const;

const kindFilters = [
  <SelectInput key="id" source="id" label="Type" choices={codeChoices(SUBSCRIPTION_TYPES)} />,
  <TextInput key="title" source="title" />,
  <NumberInput key="price_gte" source="price_gte" label="Price min" />,
  <NumberInput key="price_lte" source="price_lte" label="Price max" />,
  <NumberInput key="days_gte" source="days_gte" label="Days min" />,
  <NumberInput key="days_lte" source="days_lte" label="Days max" />,
];

/** The three kinds, longest first; a row opens its edit form. */
export const SubscriptionKindList = () => (
  <ResourceList sort={{ field: 'days', order: 'DESC' }} filters={kindFilters}>
    <ResourceDatagrid rowClick="edit">
      <StatusChipField source="id" label="Type" />
      <TextField source="title" />
      <MoneyField source="price" textAlign="right" />
      <IdField source="days" />
      <NairobiDateField source="updated_at" label="Updated" sortable={false} />
    </ResourceDatagrid>
  </ResourceList>
);

export const SubscriptionKindShow = () => (
  <Show>
    <SimpleShowLayout>
      <StatusChipField source="id" label="Type" />
      <TextField source="title" />
      <LongTextField source="description" />
      <MoneyField source="price" />
      <IdField source="days" />
      <NairobiDateField source="updated_at" label="Updated" />
    </SimpleShowLayout>
  </Show>
);

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
