import { createUser, CreatedUser } from '../../factories/account';
import { sql } from '../../setup/test-db';
import { createTestContext, TestContext } from '../../setup/test-app';
import { registration, req } from '../account/account-helpers';
import { postBody } from '../backoffice/backoffice-helpers';

/**
 * Every field that publishes a user's or an admin's words refuses the tout words with a 400 whose
 * message names the word, and stores nothing (docs/PRODUCT-RULES.md "Records and responsible
 * gambling").
 */
describe('tout words are refused on every published field', () => {
  let t: TestContext;
  let admin: CreatedUser;
  let user: CreatedUser;

  beforeAll(async () => {
    t = await createTestContext();
    admin = await createUser(t.ds, { role: 'admin', username: 'tout_check_admin' });
    user = await createUser(t.ds, { username: 'tout_check_user' });
  });
  afterAll(() => t?.close());

  const count = async (table: string): Promise<number> =>
    Number((await sql<{ n: string }>(t.db.url, `SELECT count(*) AS n FROM ${table}`))[0].n);

  it.each([
    ['ibrahim_sure', 'sure'],
    ['sur3tips', 'sure'],
    ['fix3d_games', 'fixed'],
    ['guaranteed.wins', 'guaranteed'],
    ['riskfree_ke', 'risk free'],
  ])('username %s → 400 naming "%s"', async (username, word) => {
    const before = await count('app_user');
    const res = await req(t, 'POST', '/api/account/register', { body: registration({ username }) });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(`username must not contain "${word}": no guaranteed-win claims`);
    expect(res.body.username).toEqual([
      `username must not contain "${word}": no guaranteed-win claims`,
    ]);
    expect(await count('app_user')).toBe(before);
  });

  it('still registers an honest username', async () => {
    const res = await req(t, 'POST', '/api/account/register', {
      body: registration({ username: 'wanjiru_picks' }),
    });
    expect(res.status).toBe(201);
  });

  it.each([
    ['name', '100% Winner', '100%'],
    ['city', 'Sure City', 'sure'],
  ])('user details %s → 400 naming the word, nothing changed', async (field, value, word) => {
    const res = await req(t, 'POST', '/api/account/user/details', {
      token: user.token,
      body: { [field]: value },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(`${field} must not contain "${word}": no guaranteed-win claims`);
    const [row] = await sql<Record<string, string>>(
      t.db.url,
      `SELECT name, city FROM app_user WHERE id = $1`,
      [user.user.id],
    );
    expect(Object.values(row).join(' ')).not.toContain(value);
  });

  it.each([
    ['title', 'Guaranteed accumulators', 'guaranteed'],
    ['content', '<p>Our <strong>fixed</strong> matches never lose</p>', 'fixed'],
    ['overview', 'Risk-free picks every day', 'risk free'],
    ['author', 'SureMan', 'sure'],
  ])('blog post %s → 400 naming the word, no post stored', async (field, value, word) => {
    const before = await count('post');
    const res = await t.request<any>('POST', '/api/backoffice/posts', {
      token: admin.token,
      body: postBody({ [field]: value }),
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(`${field} must not contain "${word}": no guaranteed-win claims`);
    expect(await count('post')).toBe(before);
  });

  it('blog post update → 400 naming the word, the post unchanged', async () => {
    const created = await t.request<any>('POST', '/api/backoffice/posts', {
      token: admin.token,
      body: postBody({ title: 'Reading a 1X2 market' }),
    });
    expect(created.status).toBe(201);
    const res = await t.request<any>('PUT', `/api/backoffice/posts/${created.body.id}`, {
      token: admin.token,
      body: { title: 'Sure 1X2 picks' },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('title must not contain "sure": no guaranteed-win claims');
    const [row] = await sql<{ title: string }>(t.db.url, `SELECT title FROM post WHERE id = $1`, [
      created.body.id,
    ]);
    expect(row.title).toBe('Reading a 1X2 market');
  });

  it.each([
    ['title', 'Mega Jackpot 100 percent', '100%'],
    ['description', 'Guarant33d bonus', 'guaranteed'],
  ])('jackpot %s → 400 naming the word, no jackpot stored', async (field, value, word) => {
    const before = await count('jackpot');
    const body = {
      company: 'SportPesa',
      type: 'MG',
      title: 'Mega Jackpot',
      description: 'Our picks',
      price: 199,
      tips: [],
      [field]: value,
    };
    const res = await t.request<any>('POST', '/api/backoffice/jackpots', {
      token: admin.token,
      body,
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(`${field} must not contain "${word}": no guaranteed-win claims`);
    expect(await count('jackpot')).toBe(before);
  });
});
