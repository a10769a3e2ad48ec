import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ResourceRegistry } from '../../../src/modules/backoffice/resource-registry';
import { createUser, CreatedUser } from '../../factories/account';
import { createTestContext, TestContext } from '../../setup/test-app';
import { listResource } from './backoffice-helpers';

/**
 * The frontend's copy of the served allowlists: its screens are checked against it at test time
 * (frontend/src/backoffice/allowlist.test.tsx). `UPDATE_BACKOFFICE_ALLOWLIST=1` rewrites it from
 * what the API serves (docs/CONTRIBUTING.md §12 C).
 */
const SNAPSHOT = join(__dirname, '../../../../frontend/src/backoffice/allowlist.json');

describe('Back office: GET /api/backoffice/resources (the allowlists)', () => {
  let t: TestContext;
  let admin: CreatedUser;
  let tipster: CreatedUser;

  beforeAll(async () => {
    t = await createTestContext();
    admin = await createUser(t.ds, { role: 'admin' });
    tipster = await createUser(t.ds, { role: 'tipster' });
  });
  afterAll(() => t.close());

  it('serves every resource with what its definition declares, and no SQL', async () => {
    const res = await t.request<any[]>('GET', '/api/backoffice/resources', { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body.map((r) => r.name).sort()).toEqual(t.get(ResourceRegistry).names().sort());
    const posts = res.body.find((r) => r.name === 'posts');
    expect(posts).toMatchObject({
      roles: ['admin'],
      idField: 'id',
      search: ['title', 'overview', 'slug'],
      defaultSort: { field: 'date_created', order: 'DESC' },
      delete: true,
    });
    expect(posts.fields.title).toEqual({ type: 'text', sortable: true, filter: ['ilike'] });
    expect(posts.fields.overview).toEqual({ type: 'text', sortable: false, filter: [] });
    // Write fields: the DTO's validated properties (ValidationPipe strips anything else).
    expect(posts.create).toEqual([
      'author',
      'content',
      'overview',
      'published',
      'slug',
      'thumbnail',
      'title',
    ]);
    expect(posts.update).toEqual(posts.create);
    const slips = res.body.find((r) => r.name === 'slips');
    expect(slips).toMatchObject({ roles: ['tipster'], create: null, update: null, delete: false });
    expect(res.text).not.toContain('"column"');
  });

  it('is what the frontend screens are checked against (frontend/src/backoffice/allowlist.json)', async () => {
    const res = await t.request<unknown[]>('GET', '/api/backoffice/resources', {
      token: admin.token,
    });
    if (process.env.UPDATE_BACKOFFICE_ALLOWLIST === '1')
      writeFileSync(SNAPSHOT, `${JSON.stringify(res.body, null, 2)}\n`);
    const snapshot = JSON.parse(readFileSync(SNAPSHOT, 'utf8'));
    // On a difference: rerun with UPDATE_BACKOFFICE_ALLOWLIST=1, then fix the screens the frontend test names.
    expect(snapshot).toEqual(res.body);
  });

  it('is for admins only: a tipster gets 403, a visitor 401', async () => {
    expect(
      (await t.request('GET', '/api/backoffice/resources', { token: tipster.token })).status,
    ).toBe(403);
    expect((await t.request('GET', '/api/backoffice/resources')).status).toBe(401);
  });

  it('leaves the resources routes as they were (the static path wins over {resource})', async () => {
    expect((await listResource(t, admin.token, 'posts')).status).toBe(200);
    expect(
      (await t.request('GET', '/api/backoffice/resources/1', { token: admin.token })).status,
    ).toBe(404);
  });
});
