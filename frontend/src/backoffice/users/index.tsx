import PeopleIcon from '@mui/icons-material/People';
import { BooleanInput, Edit, EditButton, SelectInput, SimpleForm, TextField, TopToolbar, Toolbar, SaveButton } from 'react-admin';
import { renderFilters } from '../common/fields';
import { SpecList, SpecShow } from '../common/screens';
import { listFilters } from '../resource-spec';
import { BanToggleButton } from './BanToggleButton';
import { USER_ROLES, usersSpec } from './spec';

const userFilters = renderFilters(listFilters(usersSpec));

export const UserList = () => <SpecList spec={usersSpec} filters={userFilters} />;

const UserShowActions = () => (
  <TopToolbar>
    <BanToggleButton />
    <EditButton />
  </TopToolbar>
);

export const UserShow = () => <SpecShow spec={usersSpec} actions={<UserShowActions />} />;

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
