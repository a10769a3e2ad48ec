import type { ResourceSpec } from '../resource-spec';

/** `posts` (admin): blog posts, every state (backend resources/posts.resource.ts, BlogService writes). */
export const postsSpec: ResourceSpec = {
  name: 'posts',
  label: 'Posts',
  roles: ['admin'],
  fields: [
    { source: 'id', label: 'ID', kind: 'id', sortable: true, filter: ['eq', 'in'] },
    { source: 'title', kind: 'text', sortable: true, filter: ['ilike'] },
    { source: 'slug', kind: 'text', sortable: true, filter: ['eq', 'in'] },
    { source: 'overview', kind: 'longtext', list: false },
    { source: 'content', kind: 'longtext', list: false, show: false },
    { source: 'thumbnail', kind: 'text', list: false },
    { source: 'author', kind: 'text', sortable: true, filter: ['eq'] },
    { source: 'published', kind: 'bool', sortable: true, filter: ['eq'] },
    { source: 'date_created', label: 'Created', kind: 'date', sortable: true, filter: ['gte', 'lte'] },
    { source: 'updated_at', label: 'Updated', kind: 'date', sortable: true, filter: ['gte', 'lte'] },
  ],
  search: true,
  defaultSort: { field: 'date_created', order: 'DESC' },
  create: ['admin'],
  update: ['admin'],
  delete: ['admin'],
  recordRepresentation: 'title',
};
