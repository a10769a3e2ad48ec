import { Post } from '../blog/entities/post.entity';
import { allowlistOf } from './resource-allowlist';
import { defineResource } from './resource-definition';
import { resourceProblems, ResourceRegistry } from './resource-registry';

const posts = defineResource<Post>({
  name: 'posts',
  entity: Post,
  alias: 'p',
  roles: ['admin'],
  fields: { id: { column: 'p.id', type: 'int', sortable: true, filter: ['eq', 'in'] } },
  defaultSort: ['id', 'DESC'],
  serialize: (p) => ({ id: p.id }),
});

describe(ResourceRegistry.name, () => {
  it('finds resources by name and answers 404 for others', () => {
    const registry = new ResourceRegistry([posts]);
    expect(registry.get('posts')).toBe(posts);
    expect(registry.names()).toEqual(['posts']);
    expect(() => registry.get('users')).toThrow("Unknown back-office resource 'users'");
  });

  it('refuses to start with misconfigured resources', () => {
    expect(() => new ResourceRegistry([posts, posts])).toThrow(/resource 'posts' is defined twice/);
  });
});

describe('resourceProblems', () => {
  it('names bad names, empty roles and list-spec problems', () => {
    expect(
      resourceProblems([
        { ...posts, name: 'Blog_Posts', roles: [] },
        { ...posts, name: 'x', defaultSort: ['title', 'ASC'] },
        { ...posts, name: 'resources' },
      ]),
    ).toEqual([
      "resource name 'Blog_Posts' must be kebab-case",
      'Blog_Posts: roles must not be empty',
      "x: default sort 'title' is not a sortable field",
      "resource name 'resources' is reserved",
    ]);
  });
});

describe('allowlistOf', () => {
  it('serves what the definition declares, without columns, serialiser or handlers', () => {
    expect(
      allowlistOf({ ...posts, search: ['id'], delete: { handle: async () => undefined } }),
    ).toEqual({
      name: 'posts',
      roles: ['admin'],
      idField: 'id',
      fields: { id: { type: 'int', sortable: true, filter: ['eq', 'in'] } },
      search: ['id'],
      defaultSort: { field: 'id', order: 'DESC' },
      create: null,
      update: null,
      delete: true,
    });
  });
});
