import PeopleIcon from '@mui/icons-material/People';
import {
  BooleanField,
  BooleanInput,
  DateInput,
  Edit,
  EditButton,
  SaveButton,
  SearchInput,
  SelectInput,
  Show,
  SimpleForm,
  SimpleShowLayout,
  TextField,
  TextInput,
  Toolbar,
  TopToolbar,
} from 'react-admin';
import { codeChoices, IdField, NairobiDateField, StatusChipField } from '../common/fields';
import { ResourceDatagrid, ResourceList } from '../common/screens';
import { BanToggleButton } from './BanToggleButton';

/** Roles an admin can give (docs/PRODUCT-RULES.md, Roles). */
export const USER_ROLES = ['user', 'tipster', 'admin'] as const;

/** What an account is shown as: closed accounts are `erased` (docs/PRODUCT-RULES.md R281). */
export const USER_STATUSES = ['active', 'banned', 'erased'] as const;

/** Countries of an account (KE main market, NG, UG). */
export const USER_COUNTRIES = ['KE', 'NG', 'UG'] as const;

const userFilters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <TextInput key="username" source="username" />,
  <TextInput key="email" source="email" />,
  <TextInput key="phone" source="phone" />,
  <SelectInput key="role" source="role" choices={codeChoices(USER_ROLES)} />,
  <SelectInput key="country" source="country" choices={codeChoices(USER_COUNTRIES)} />,
  <SelectInput key="status" source="status" choices={codeChoices(USER_STATUSES)} />,
  <BooleanInput key="banned" source="banned" />,
  <BooleanInput key="is_active" source="is_active" label="Active" />,
  <DateInput key="date_joined_gte" source="date_joined_gte" label="Joined from" />,
  <DateInput key="date_joined_lte" source="date_joined_lte" label="Joined to" />,
];

/**
 * Accounts, newest first (never a hash or a token: the server does not send them). A closed
 * account shows as `erased`, without e-mail or phone (docs/PRODUCT-RULES.md R281).
 */
export const UserList = () => (
  <ResourceList sort={{ field: 'date_joined', order: 'DESC' }} filters={userFilters}>
    <ResourceDatagrid>
      <IdField source="id" label="ID" />
      <TextField source="username" />
      <TextField source="email" />
      <TextField source="phone" sortable={false} />
      <StatusChipField source="role" />
      <TextField source="country" />
      <StatusChipField source="status" sortable={false} />
      <BooleanField source="banned" sortable={false} />
      <NairobiDateField source="date_joined" label="Joined" />
    </ResourceDatagrid>
  </ResourceList>
);

const UserShowActions = () => (
  <TopToolbar>
    <BanToggleButton />
    <EditButton />
  </TopToolbar>
);

export const UserShow = () => (
  <Show actions={<UserShowActions />}>
    <SimpleShowLayout>
      <IdField source="id" label="ID" />
      <TextField source="username" />
      <TextField source="email" />
      <TextField source="phone" />
      <StatusChipField source="role" />
      <TextField source="country" />
      <StatusChipField source="status" />
      <BooleanField source="banned" />
      <BooleanField source="is_active" label="Active" />
      <NairobiDateField source="banned_at" label="Banned at" />
      <NairobiDateField source="erased_at" label="Closed (erased) at" />
      <BooleanField source="email_verified" label="E-mail verified" />
      <NairobiDateField source="date_joined" label="Joined" />
    </SimpleShowLayout>
  </Show>
);

/** Save only: users are never deleted. */
const SaveOnlyToolbar = () => (
  <Toolbar>
    <SaveButton />
  </Toolbar>
);

/** Role select and ban switch (the only fields the server changes). */
export const UserEdit = () => (
  <Edit mutationMode="pessimistic">
    <SimpleForm toolbar={<SaveOnlyToolbar />}>
      <TextField source="username" />
      <TextField source="email" />
      <SelectInput source="role" choices={USER_ROLES.map((id) => ({ id, name: id }))} />
      <BooleanInput source="banned" helperText="A ban logs the user out everywhere" />
    </SimpleForm>
  </Edit>
);

/** `<Resource name="users" {...users} />`. */
export const users = {
  list: UserList,
  show: UserShow,
  edit: UserEdit,
  icon: PeopleIcon,
  recordRepresentation: 'username',
};
