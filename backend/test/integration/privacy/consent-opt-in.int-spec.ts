import { SMS_OPT_IN_TEXT } from '../../../src/modules/notifications/consent/consent.constants';
import { createUser } from '../../factories/account';
import { dataDirWith, importFixtures, startReplay } from '../../factories/fixtures';
import { publishSlip, setOdd, tippableGames } from '../../factories/slip';
import { createTestContext, TestContext } from '../../setup/test-app';
import { pinClock } from '../../support/clock';

jest.setTimeout(120_000);

const NOW = '2026-11-23T12:00:00+03:00';
const DATA_NOW = new Date('2026-04-20T12:00:00+03:00');

/**
 * Where consent is given (docs/PRODUCT-RULES.md R276): the register dialog's and the buy page's
 * ticked box send the exact text shown, and the phone is opted in to marketing SMS with the
 * clock's time, that text and the source; unticked, nothing is recorded; any other text is 400
 * and nothing happens. What an opt-out does next is test/integration/notifications/marketing-consent.int-spec.ts.
 */
describe('marketing opt-in from the forms', () => {
  let t: TestContext;
  let data: ReturnType<typeof dataDirWith>;
  let slipId: number;
  const consentOf = async (recipient: string): Promise<unknown[]> =>
    t.ds.query(
      `SELECT channel, user_id AS "userId", opted_in_at AS "optedInAt", consent_text AS "consentText", opt_in_source AS "source", opted_out_at AS "optedOutAt"
         FROM marketing_consent WHERE recipient = $1`,
      [recipient],
    );
  const register = (username: string, phone: string, extra: Record<string, unknown> = {}) =>
    t.request<any>('POST', '/api/account/register', {
      body: {
        username,
        email: `${username}@example.com`,
        phone_number: phone,
        password: 'correct horse',
        ...extra,
      },
    });

  beforeAll(async () => {
    data = dataDirWith(['E0-2025-26.csv']);
    t = await createTestContext({
      role: 'all',
      listen: true,
      env: { FOOTBALL_DATA_DIR: data.dir, REPLAY_ANCHOR: '2026-04-20' },
    });
    await startReplay(t, NOW, '2026-11-23');
    await importFixtures(t);
    const games = await tippableGames(t.ds, DATA_NOW, 3);
    for (const g of games) await setOdd(t.ds, g.id, 1, '2.00');
    const tipster = await createUser(t.ds, { username: 'optin_tipster' });
    slipId = (await publishSlip(t, tipster.user.id, games, { amount: 100 })).id;
    pinClock(t, NOW);
  });
  afterAll(async () => {
    await t?.close();
    data?.remove();
  });

  it('registration with the ticked box opts the phone in, naming the account', async () => {
    const res = await register('optin_reg', '0711223301', {
      marketing_sms_consent: SMS_OPT_IN_TEXT,
    });
    expect(res.status).toBe(201);
    const [user] = await t.ds.query(`SELECT id FROM app_user WHERE username = 'optin_reg'`);
    expect(await consentOf('254711223301')).toEqual([
      {
        channel: 'sms',
        userId: user.id,
        optedInAt: new Date(NOW),
        consentText: SMS_OPT_IN_TEXT,
        source: 'register-form',
        optedOutAt: null,
      },
    ]);
  });

  it('registration without the box records nothing; another text is 400 and creates no account', async () => {
    expect((await register('optin_none', '0711223302')).status).toBe(201);
    expect(await consentOf('254711223302')).toEqual([]);
    const forged = await register('optin_forged', '0711223303', {
      marketing_sms_consent: 'I agree to everything',
    });
    expect(forged.status).toBe(400);
    expect(forged.body.message).toBe(
      'marketing_sms_consent must be the consent text the form shows',
    );
    expect(await t.ds.query(`SELECT id FROM app_user WHERE username = 'optin_forged'`)).toEqual([]);
  });

  it("the buy page's ticked box opts the phone in once the prompt is sent", async () => {
    const res = await t.request<any>('POST', '/api/processor/buy', {
      body: { phone: '0711223304', slip: slipId, marketing_sms_consent: SMS_OPT_IN_TEXT },
    });
    expect(res.body).toEqual({ message: 'Request Sent' });
    expect(await consentOf('254711223304')).toEqual([
      {
        channel: 'sms',
        userId: null,
        optedInAt: new Date(NOW),
        consentText: SMS_OPT_IN_TEXT,
        source: 'buy-page',
        optedOutAt: null,
      },
    ]);
    const plain = await t.request<any>('POST', '/api/processor/buy', {
      body: { phone: '0711223305', slip: slipId },
    });
    expect(plain.body).toEqual({ message: 'Request Sent' });
    expect(await consentOf('254711223305')).toEqual([]);
  });

  it('a buy with another consent text is 400 and sends no prompt', async () => {
    const res = await t.request<any>('POST', '/api/processor/buy', {
      body: { phone: '0711223306', slip: slipId, marketing_sms_consent: 'yes' },
    });
    expect(res.status).toBe(400);
    expect(await t.ds.query(`SELECT id FROM purchase WHERE phone = '254711223306'`)).toEqual([]);
    expect(await consentOf('254711223306')).toEqual([]);
  });
});
