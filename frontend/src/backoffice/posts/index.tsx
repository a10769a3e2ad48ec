import ArticleIcon from '@mui/icons-material/Article';
import {
  BooleanInput,
  Create,
  Edit,
  SimpleForm,
  TextInput,
  required,
} from 'react-admin';
import { renderFilters } from '../common/fields';
import { SpecList, SpecShow } from '../common/screens';
import { listFilters } from '../resource-spec';
import { postsSpec } from './spec';

/** Filters of the posts list: search, title, slug, author, published, date ranges. */
const postFilters = renderFilters(listFilters(postsSpec));

/** Posts list: newest first, click a row to edit. */
export const PostList = () => <SpecList spec={postsSpec} filters={postFilters} rowClick="edit" />;

export const PostShow = () => <SpecShow spec={postsSpec} />;

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
