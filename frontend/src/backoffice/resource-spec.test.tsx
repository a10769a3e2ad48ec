import { describe, expect, it } from 'vitest';
import { readBackendResources } from './backend-allowlist';
import { postsSpec } from './posts/spec';
import {
  canAccessResource,
  listColumns,
  listFilters,
  resourcesForRole,
  type FilterOp,
  type ResourceSpec,
} from './resource-spec';
import { RESOURCE_SPECS, specOf } from './specs';
import { withdrawalsSpec } from './withdrawals/spec';

describe('listColumns', () => {
  it('lists the posts columns, sortable exactly where the server allows it', () => {
    expect(listColumns(postsSpec).map(({ source, sortable, kind }) => [source, sortable, kind])).toEqual([
      ['id', true, 'id'],
      ['title', true, 'text'],
      ['slug', true, 'text'],
      ['author', true, 'text'],
      ['published', true, 'bool'],
      ['date_created', true, 'date'],
      ['updated_at', true, 'date'],
    ]);
  });

  it('keeps a shown field that is not in the allowlist unsortable', () => {
    const spec: ResourceSpec = {
      ...postsSpec,
      fields: [
        { source: 'id', kind: 'id', sortable: true },
        { source: 'overview', kind: 'longtext' },
        { source: 'content', kind: 'longtext', list: false },
      ],
    };
    expect(listColumns(spec)).toEqual([
      { source: 'id', label: 'Id', kind: 'id', sortable: true },
      { source: 'overview', label: 'Overview', kind: 'longtext', sortable: false },
    ]);
  });
});

describe('listFilters', () => {
  it('derives the posts filters from the allowlist: q, ilike title, eq slug/author/published, date bounds', () => {
    expect(listFilters(postsSpec).map(({ source, input }) => [source, input])).toEqual([
      ['q', 'search'],
      ['title', 'text'],
      ['slug', 'text'],
      ['author', 'text'],
      ['published', 'bool'],
      ['date_created_gte', 'date'],
      ['date_created_lte', 'date'],
      ['updated_at_gte', 'date'],
      ['updated_at_lte', 'date'],
    ]);
  });

  it('offers coded statuses as a select with their labels, amounts as min/max, and no q without search fields', () => {
    const filters = listFilters(withdrawalsSpec);
    expect(filters.find((f) => f.source === 'q')).toBeUndefined();
    expect(filters.find((f) => f.source === 'status')).toEqual({
      source: 'status',
      label: 'Status',
      input: 'select',
      choices: [
        { id: 'P', name: 'Pending' },
        { id: 'W', name: 'Paid' },
        { id: 'F', name: 'Failed' },
        { id: 'R', name: 'Rejected' },
      ],
    });
    expect(filters.filter((f) => f.source.startsWith('amount'))).toEqual([
      { source: 'amount_gte', label: 'Amount min', input: 'number' },
      { source: 'amount_lte', label: 'Amount max', input: 'number' },
    ]);
    // approved_at allows eq, but an exact instant is no useful filter: only its day bounds.
    expect(filters.filter((f) => f.source.startsWith('approved_at')).map((f) => f.source)).toEqual([
      'approved_at_gte',
      'approved_at_lte',
    ]);
  });

  it('never offers a filter on a field without operators, nor on the id', () => {
    const spec: ResourceSpec = {
      ...postsSpec,
      search: false,
      fields: [
        { source: 'id', kind: 'id', sortable: true, filter: ['eq', 'in'] },
        { source: 'overview', kind: 'text' },
        { source: 'kind', kind: 'text', filter: ['in'] },
        { source: 'kind2', kind: 'text', filter: ['in'], choices: ['slip', 'subscription'] },
      ],
    };
    expect(listFilters(spec)).toEqual([
      {
        source: 'kind2',
        label: 'Kind2',
        input: 'multiselect',
        choices: [
          { id: 'slip', name: 'Slip' },
          { id: 'subscription', name: 'Subscription' },
        ],
      },
    ]);
  });
});

describe('the specs match the backend allowlists (backend/src/modules/backoffice/resources)', () => {
  const backend = readBackendResources();

  it('finds the backend definitions', () => {
    expect(backend.map((r) => r.name)).toContain('posts');
    expect(Object.keys(backend.find((r) => r.name === 'posts')!.fields)).toContain('title');
  });

  it('has a spec (hence screens) for every backend resource', () => {
    expect(RESOURCE_SPECS.map((s) => s.name).sort()).toEqual(backend.map((r) => r.name).sort());
  });

  for (const spec of RESOURCE_SPECS) {
    it(`${spec.name}: sort, filters, search, roles, default sort and verbs as the server has them`, () => {
      const server = backend.find((r) => r.name === spec.name);
      expect(server, `no backend definition for ${spec.name}`).toBeDefined();
      if (!server) return;
      const sortable = spec.fields.filter((f) => f.sortable).map((f) => f.source).sort();
      expect(sortable).toEqual(Object.entries(server.fields).filter(([, f]) => f.sortable).map(([name]) => name).sort());
      const filters = Object.fromEntries(
        spec.fields.filter((f) => f.filter?.length).map((f) => [f.source, [...(f.filter as FilterOp[])].sort()]),
      );
      expect(filters).toEqual(
        Object.fromEntries(Object.entries(server.fields).filter(([, f]) => f.filter.length).map(([name, f]) => [name, f.filter])),
      );
      expect(spec.search === true).toBe(server.search);
      expect([...spec.roles].sort()).toEqual([...server.roles].sort());
      expect([spec.defaultSort.field, spec.defaultSort.order]).toEqual(server.defaultSort);
      expect({ create: !!spec.create, update: !!spec.update, delete: !!spec.delete }).toEqual({
        create: server.create,
        update: server.update,
        delete: server.delete,
      });
    });
  }
});

describe('roles', () => {
  it('gives a tipster only slips, earnings and withdrawals, an admin everything, others nothing', () => {
    expect(resourcesForRole(RESOURCE_SPECS, 'tipster').map((s) => s.name)).toEqual(['slips', 'earnings', 'withdrawals']);
    expect(resourcesForRole(RESOURCE_SPECS, 'admin')).toHaveLength(RESOURCE_SPECS.length);
    expect(resourcesForRole(RESOURCE_SPECS, 'user')).toEqual([]);
    expect(resourcesForRole(RESOURCE_SPECS, null)).toEqual([]);
  });

  it('lets a tipster read withdrawals but not decide them; an admin may', () => {
    const withdrawals = specOf('withdrawals');
    expect(canAccessResource(withdrawals, 'tipster', 'list')).toBe(true);
    expect(canAccessResource(withdrawals, 'tipster', 'show')).toBe(true);
    expect(canAccessResource(withdrawals, 'tipster', 'edit')).toBe(false);
    expect(canAccessResource(withdrawals, 'admin', 'edit')).toBe(true);
    expect(canAccessResource(withdrawals, 'user', 'list')).toBe(false);
  });

  it('allows only the verbs the backend has, and named actions to admins only', () => {
    expect(canAccessResource(specOf('posts'), 'admin', 'create')).toBe(true);
    expect(canAccessResource(specOf('users'), 'admin', 'create')).toBe(false);
    expect(canAccessResource(specOf('users'), 'admin', 'delete')).toBe(false);
    expect(canAccessResource(specOf('audit-log'), 'admin', 'edit')).toBe(false);
    expect(canAccessResource(specOf('sms-messages'), 'admin', 'resend')).toBe(true);
    expect(canAccessResource(specOf('slips'), 'tipster', 'resend')).toBe(false);
    expect(canAccessResource(specOf('posts'), 'tipster', 'list')).toBe(false);
  });
});
