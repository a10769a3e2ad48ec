import { jobId, QUEUE } from '../../../src/common/queues/queues';
import { AppConfig } from '../../../src/config/app-config';
import { c2bRegisterRequest } from '../../../src/modules/processor/cli/c2b-register';
import { DarajaC2bClient } from '../../../src/providers/daraja/daraja-c2b';
import { DarajaClient } from '../../../src/providers/daraja/daraja.client';
import { createUser } from '../../factories/account';
import { dataDirWith, importFixtures, startReplay } from '../../factories/fixtures';
import { publishSlip, setOdd, TippableGame, tippableGames } from '../../factories/slip';
import { createTestContext, TestContext } from '../../setup/test-app';
import { expectMoneyInvariants } from '../../support/money-invariants';
import { eventually, jobsFinished } from './support';

jest.setTimeout(180_000);

const NOW = '2026-11-23T12:00:00+03:00';
const DATA_NOW = new Date('2026-04-20T12:00:00+03:00');

/**
 * The paybill rail through the Daraja sandbox (docs/PROVIDERS.md "Daraja C2B"): the Register URL
 * call of `c2b:register`, then the sandbox phone's Pay bill sending validation (on here) and
 * confirmation to the registered URLs, as Daraja would.
 */
describe('M-Pesa paybill through the Daraja sandbox', () => {
  let t: TestContext;
  let data: ReturnType<typeof dataDirWith>;
  let games: TippableGame[];
  let tipsterN = 0;
  let seq = 0;
  const run = String(Date.now()).slice(-5);
  const nextPhone = (): { local: string; msisdn: string } => {
    const tail = `${run}${String(++seq).padStart(3, '0')}`;
    return { local: `07${tail}`, msisdn: `2547${tail}` };
  };
  const newSlip = async (): Promise<number> => {
    const tipster = await createUser(t.ds, { username: `c2b_sbx_${run}_${++tipsterN}` });
    return (
      await publishSlip(t, tipster.user.id, games.slice(tipsterN * 3, tipsterN * 3 + 3), {
        amount: 50,
      })
    ).id;
  };

  beforeAll(async () => {
    data = dataDirWith(['E0-2025-26.csv']);
    t = await createTestContext({
      role: 'all',
      listen: true,
      env: {
        FOOTBALL_DATA_DIR: data.dir,
        REPLAY_ANCHOR: '2026-04-20',
        SANDBOX_AT_REPORT_DELAY_MS: '50',
        MPESA_C2B_VALIDATION: 'true',
      },
    });
    await startReplay(t, NOW, '2026-11-23');
    await importFixtures(t);
    games = await tippableGames(t.ds, DATA_NOW, 12);
    for (const g of games) await setOdd(t.ds, g.id, 1, '2.00');
  });
  afterEach(() => expectMoneyInvariants(t.ds));
  afterAll(async () => {
    await t?.close();
    data?.remove();
  });

  const payBill = (msisdn: string, body: Record<string, unknown>) =>
    t.request('POST', `/sandbox/api/phones/${msisdn}/paybill`, { body });
  const inbox = async (msisdn: string): Promise<{ body: string }[]> =>
    (await t.request('GET', `/sandbox/api/phones/${msisdn}`)).body.messages;

  it('registers the C2B URLs with Register URL v1 and v2', async () => {
    const config = t.get(AppConfig);
    const daraja = new DarajaClient({ ...config.mpesa });
    const client = new DarajaC2bClient({
      baseUrl: config.mpesa.baseUrl,
      accessToken: () => daraja.getAccessToken(),
    });
    for (const version of ['v1', 'v2'] as const) {
      expect(await client.registerUrls(c2bRegisterRequest(config, { version }))).toEqual({
        responseCode: '0',
        responseDescription: 'Success',
      });
    }
    const [row] = await t.ds.query(`SELECT * FROM sandbox_c2b_url WHERE short_code = '600984'`);
    expect(row).toMatchObject({
      version: 'v2',
      response_type: 'Completed',
      confirmation_url: expect.stringContaining('/api/processor/c2b/confirmation/'),
    });
    const refused = await t.request('POST', '/sandbox/daraja/mpesa/c2b/v2/registerurl', {
      body: {},
      headers: { authorization: 'Bearer nope' },
    });
    expect(refused.status).toBe(401);
  });

  it('pays a reference from the phone: validation accepted, confirmation applied, the picks by SMS', async () => {
    const { local, msisdn } = nextPhone();
    const ref = (
      await t.request('POST', '/api/processor/buy-paybill', {
        body: { phone: local, slip: await newSlip() },
      })
    ).body;
    const paid = await payBill(msisdn, {
      business: ref.paybill,
      account: ref.account.toLowerCase(),
      amount: '50',
      pin: '1234',
    });
    expect(paid).toMatchObject({ status: 200, body: { status: 'paid', resultCode: '0' } });
    await eventually(
      async () =>
        (
          await t.ds.query(`SELECT 1 FROM purchase WHERE code = $1 AND status = 'paid'`, [
            ref.account,
          ])
        ).length > 0,
    );
    await jobsFinished(t, QUEUE.PAYMENTS, [jobId('c2b', paid.body.transId)]);
    expect(
      (await t.ds.query(`SELECT receipt FROM purchase WHERE code = $1`, [ref.account]))[0].receipt,
    ).toBe(paid.body.transId);
    await eventually(async () =>
      (await inbox(msisdn)).some(
        (m) => m.body.includes(ref.account) && !m.body.includes('Confirmed'),
      ),
    );
    expect(
      (await inbox(msisdn)).some((m) => m.body.startsWith(`${paid.body.transId} Confirmed`)),
    ).toBe(true);
  });

  it('is refused at validation for a wrong amount or account: nothing taken, nothing recorded', async () => {
    const { local, msisdn } = nextPhone();
    const ref = (
      await t.request('POST', '/api/processor/buy-paybill', {
        body: { phone: local, slip: await newSlip() },
      })
    ).body;
    const wrongAmount = await payBill(msisdn, {
      business: ref.paybill,
      account: ref.account,
      amount: '40',
      pin: '1234',
    });
    expect(wrongAmount.body).toMatchObject({ status: 'refused', resultCode: 'C2B00013' });
    const wrongAccount = await payBill(msisdn, {
      business: ref.paybill,
      account: 'NOSUCH12',
      amount: '50',
      pin: '1234',
    });
    expect(wrongAccount.body).toMatchObject({ status: 'refused', resultCode: 'C2B00012' });
    const unknownBusiness = await payBill(msisdn, {
      business: '111111',
      account: ref.account,
      amount: '50',
      pin: '1234',
    });
    expect(unknownBusiness.body).toMatchObject({ status: 'refused', resultCode: 'C2B00015' });
    expect(
      await t.ds.query(`SELECT * FROM unmatched_payment WHERE trans_id = ANY($1)`, [
        [wrongAmount.body.transId, wrongAccount.body.transId],
      ]),
    ).toEqual([]);
    expect(
      (await t.ds.query(`SELECT status FROM purchase WHERE code = $1`, [ref.account]))[0].status,
    ).toBe('pending');
  });

  it('refuses a form without a 4-digit PIN or a whole amount, and shows the Pay bill form on the phone page', async () => {
    const { msisdn } = nextPhone();
    expect(
      await payBill(msisdn, { business: '600984', account: 'X', amount: '50', pin: '12' }),
    ).toMatchObject({ status: 400 });
    expect(
      await payBill(msisdn, { business: '600984', account: 'X', amount: '5.5', pin: '1234' }),
    ).toMatchObject({ status: 400 });
    const page = await t.request('GET', `/sandbox/phone/${msisdn}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain(`action="/sandbox/phone/${msisdn}/paybill"`);
  });
});
