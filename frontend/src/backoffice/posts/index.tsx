import ArticleIcon from '@mui/icons-material/Article';
import {
  BooleanField,
  BooleanInput,
  Create,
  DateInput,
  Edit,
  SearchInput,
  Show,
  SimpleForm,
  SimpleShowLayout,
  TextField,
  TextInput,
  required,
} from 'react-admin';
import { IdField, LongTextField, NairobiDateField } from '../common/fields';
import { ResourceDatagrid, ResourceList } from '../common/screens';

/** Filters of the posts list: search, title, slug, author, published, date ranges. */
const postFilters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <TextInput key="title" source="title" />,
  <TextInput key="slug" source="slug" />,
  <TextInput key="author" source="author" />,
  <BooleanInput key="published" source="published" />,
  <DateInput key="date_created_gte" source="date_created_gte" label="Created from" />,
  <DateInput key="date_created_lte" source="date_created_lte" label="Created to" />,
  <DateInput key="updated_at_gte" source="updated_at_gte" label="Updated from" />,
  <DateInput key="updated_at_lte" source="updated_at_lte" label="Updated to" />,
];

/** Posts list: newest first, click a row to edit. */
export const PostList = () => (
  <ResourceList sort={{ field: 'date_created', order: 'DESC' }} filters={postFilters}>
    <ResourceDatagrid rowClick="edit">
      <IdField source="id" label="ID" />
      <TextField source="title" />
      <TextField source="slug" />
      <TextField source="author" />
      <BooleanField source="published" />
      <NairobiDateField source="date_created" label="Created" />
      <NairobiDateField source="updated_at" label="Updated" />
    </ResourceDatagrid>
  </ResourceList>
);

/** A post's page (the HTML content is on the edit form). */
export const PostShow = () => (
  <Show>
    <SimpleShowLayout>
      <IdField source="id" label="ID" />
      <TextField source="title" />
      <TextField source="slug" />
      <LongTextField source="overview" />
      <TextField source="thumbnail" />
      <TextField source="author" />
      <BooleanField source="published" />
      <NairobiDateField source="date_created" label="Created" />
      <NairobiDateField source="updated_at" label="Updated" />
    </SimpleShowLayout>
  </Show>
);

/**
 * The post form: title, overview, content (HTML in a plain textarea; the server sanitises it),
 * published flag, optional slug (blank = from the title), thumbnail and author.
 */
const PostForm = () => (
  <SimpleForm>
    <TextInput source="title" validate={required()} fullWidth />
    <TextInput source="overview" multiline minRows={2} fullWidth />
    <TextInput
      source="content"
      label="Content (HTML)"
      validate={required()}
      multiline
      minRows={10}
      fullWidth
    />
    <BooleanInput source="published" />
    <TextInput source="slug" helperText="Blank: derived from the title" fullWidth />
    <TextInput source="thumbnail" helperText="https or /... image URL" fullWidth />
    <TextInput source="author" helperText="Blank: your username" fullWidth />
  </SimpleForm>
);

/** Edits save before leaving the page (pessimistic): the list shows the stored post. */
export const PostEdit = () => (
  <Edit mutationMode="pessimistic">
    <PostForm />
  </Edit>
);

export const PostCreate = () => (
  <Create redirect="list">
    <PostForm />
  </Create>
);

/** `<Resource name="posts" {...posts} />`. */
export const posts = {
  list: PostList,
  show: PostShow,
  edit: PostEdit,
  create: PostCreate,
  icon: ArticleIcon,
  recordRepresentation: 'title',
};
