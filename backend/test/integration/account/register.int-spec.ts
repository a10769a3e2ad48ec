import { sql } from '../../setup/test-db';
import { createTestContext, TestContext } from '../../setup/test-app';
import { createUser } from '../../factories/account';
import { expectNoSecrets, registration, req } from './account-helpers';

describe('POST /api/account/register', () => {
  let t: TestContext;
  beforeAll(async () => (t = await createTestContext()));
  afterAll(() => t?.close());

  it('creates the user and answers 201 with token and refresh', async () => {
    const body = registration({
      username: 'Kevo.Tips_1',
      email: 'Kevo@Example.com',
      phone_number: '0712345678',
    });
    const res = await req(t, 'POST', '/api/account/register', { body });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(['refresh', 'token']);
    const claims = JSON.parse(Buffer.from(res.body.token.split('.')[1], 'base64url').toString());
    expect(claims).toMatchObject({ username: 'Kevo.Tips_1', role: 'user', typ: 'access' });
    expect(claims.exp - claims.iat).toBe(900);

    const [row] = await sql<Record<string, unknown>>(
      t.db.url,
      `SELECT * FROM app_user WHERE username = 'Kevo.Tips_1'`,
    );
    expect(row).toMatchObject({
      email: 'kevo@example.com',
      phone_number: '0712345678',
      msisdn: '254712345678',
      country: 'KE',
      role: 'user',
    });
    expect(String(row.password_hash)).toMatch(/^\$argon2id\$/);

    const me = await req(t, 'GET', '/api/account/profile', { token: res.body.token });
    expect(me.status).toBe(200);
    expect(me.body.user).toEqual({
      username: 'Kevo.Tips_1',
      first_name: '',
      email: 'kevo@example.com',
    });
  });

  it('accepts NG, UG and TZ as country and keeps no MSISDN for them', async () => {
    for (const country of ['NG', 'UG', 'TZ']) {
      const body = registration({ country });
      const res = await req(t, 'POST', '/api/account/register', { body });
      expect(res.status).toBe(201);
      const [row] = await sql(
        t.db.url,
        `SELECT country, msisdn FROM app_user WHERE username = $1`,
        [body.username],
      );
      expect(row).toEqual({ country, msisdn: null });
    }
  });

  it.each([
    ['missing username', { username: undefined }, { username: ['This field is required.'] }],
    ['short username', { username: 'ab' }, { username: ['Username must be 3 to 30 characters'] }],
    [
      'long username',
      { username: 'a'.repeat(31) },
      { username: ['Username must be 3 to 30 characters'] },
    ],
    [
      'username with a space',
      { username: 'john doe' },
      { username: ['Username may only contain letters, digits, _ and .'] },
    ],
    [
      'username with a dash',
      { username: 'john-doe' },
      { username: ['Username may only contain letters, digits, _ and .'] },
    ],
    ['missing email', { email: undefined }, { email: ['This field is required.'] }],
    ['invalid email', { email: 'not-an-email' }, { email: ['Enter a valid email address'] }],
    [
      'email with a lone surrogate',
      { email: '\ud800@example.com' },
      { email: ['Enter a valid email address'] },
    ],
    ['missing phone', { phone_number: undefined }, { phone_number: ['This field is required.'] }],
    [
      '9-digit phone',
      { phone_number: '071234567' },
      { phone_number: ['Phone number should have 10 digits'] },
    ],
    [
      '11-digit phone',
      { phone_number: '07123456789' },
      { phone_number: ['Phone number should have 10 digits'] },
    ],
    [
      'phone with letters',
      { phone_number: '07123abc78' },
      { phone_number: ['Only digits allowed'] },
    ],
    ['missing password', { password: undefined }, { password: ['This field is required.'] }],
    [
      'short password',
      { password: '1234567' },
      { password: ['Password should be 8 characters or more'] },
    ],
    ['unknown country', { country: 'US' }, { country: ['Select a valid country: KE, NG, UG, TZ'] }],
    [
      'number as username',
      { username: 12345 },
      { username: ['Username may only contain letters, digits, _ and .'] },
    ],
  ])('answers 400 with field errors for %s', async (_name, override, fields) => {
    const res = await req(t, 'POST', '/api/account/register', { body: registration(override) });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: expect.any(String), ...fields });
  });

  it('lists every invalid field at once', async () => {
    const res = await req(t, 'POST', '/api/account/register', {
      body: { username: 'x', email: 'y', phone_number: '1', password: '2' },
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body).sort()).toEqual([
      'email',
      'message',
      'password',
      'phone_number',
      'username',
    ]);
  });

  it('refuses a username taken in another case and an e-mail taken in another case', async () => {
    const { user } = await createUser(t.ds, { username: 'TakenName', email: 'taken@example.com' });
    const res = await req(t, 'POST', '/api/account/register', {
      body: registration({ username: 'takenNAME', email: 'TAKEN@example.com' }),
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: 'Registration failed',
      username: ['A user with that username already exists.'],
      email: ['A user with that email already exists.'],
    });
    expect(user.username).toBe('TakenName');
  });

  it('lets exactly one of two simultaneous registrations of the same username through', async () => {
    const a = registration({ username: 'race_name' });
    const b = registration({ username: 'RACE_name' });
    const [ra, rb] = await Promise.all([
      req(t, 'POST', '/api/account/register', { body: a }),
      req(t, 'POST', '/api/account/register', { body: b }),
    ]);
    expect([ra.status, rb.status].sort()).toEqual([201, 400]);
    const loser = ra.status === 400 ? ra : rb;
    expect(loser.body.username).toEqual(['A user with that username already exists.']);
    const [{ n }] = await sql<{ n: string }>(
      t.db.url,
      `SELECT count(*) AS n FROM app_user WHERE lower(username) = 'race_name'`,
    );
    expect(Number(n)).toBe(1);
  });

  it('never answers with the password or its hash', async () => {
    const body = registration();
    const res = await req(t, 'POST', '/api/account/register', { body });
    expectNoSecrets(res.body, [String(body.password)]);
  });

  it('answers 400, not 500, to a body that is not an object', async () => {
    const res = await req(t, 'POST', '/api/account/register', {
      body: '[1,2]',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
  });
});
