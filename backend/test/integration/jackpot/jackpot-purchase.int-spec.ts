import { JackpotService } from '../../../src/modules/jackpot/jackpot.service';
import { createUser, CreatedUser } from '../../factories/account';
import { dataDirWith, importFixtures, startReplay } from '../../factories/fixtures';
import { setOdd, TippableGame, tippableGames } from '../../factories/slip';
import { createTestContext, TestContext } from '../../setup/test-app';
import { eventually, purchasesOf } from '../processor/support';
import { expectMoneyInvariants } from '../../support/money-invariants';

jest.setTimeout(120_000);

const NOW = '2026-11-23T12:00:00+03:00';
const DATA_NOW = new Date('2026-04-20T12:00:00+03:00');

/**
 * Buying a jackpot is buying its slip (docs/PRODUCT-RULES.md "Jackpots"): POST /api/processor/buy with the
 * jackpot's slip id through the Daraja sandbox (auto-accepted STK push) → paid → shares and the
 * buyer SMS with every pick; a bought jackpot can no longer be deleted.
 */
describe('buying a jackpot slip', () => {
  let t: TestContext;
  let data: ReturnType<typeof dataDirWith>;
  let admin: CreatedUser;
  let games: TippableGame[];
  let jackpotId: number;
  let slipId: number;
  const run = String(Date.now()).slice(-5);

  beforeAll(async () => {
    data = dataDirWith(['E0-2025-26.csv', 'SP1-2025-26.csv']);
    t = await createTestContext({
      role: 'all',
      listen: true,
      env: {
        FOOTBALL_DATA_DIR: data.dir,
        REPLAY_ANCHOR: '2026-04-20',
        SANDBOX_AUTO_ACCEPT: '1',
        SANDBOX_AT_REPORT_DELAY_MS: '50',
      },
    });
    await startReplay(t, NOW, '2026-11-23');
    await importFixtures(t);
    games = await tippableGames(t.ds, DATA_NOW, 26);
    for (const g of games) await setOdd(t.ds, g.id, 1, '1.30');
    admin = await createUser(t.ds, { role: 'admin', username: 'jackpot_admin' });
    const jackpot = await t.get(JackpotService).create(
      {
        company: 'BT',
        type: 'MW',
        title: 'Betika Mid Week Jackpot',
        description: '',
        price: 99,
        tips: games.slice(0, 13).map((g) => ({ game: g.id, market: 1 })),
      },
      { ownerId: admin.user.id },
    );
    jackpotId = jackpot.id;
    slipId = jackpot.slipId;
  });
  // Every scenario leaves the money consistent (docs/PRODUCT-RULES.md "Money").
  afterEach(() => expectMoneyInvariants(t.ds));
  afterAll(async () => {
    await t?.close();
    data?.remove();
  });

  const buy = (phone: string, slip: unknown) =>
    t.request('POST', '/api/processor/buy', { body: { phone, slip } });

  it('sells the jackpot slip at the jackpot price: STK push, paid, buyer SMS with every pick', async () => {
    const local = `07${run}001`;
    const msisdn = `2547${run}001`;
    const res = await buy(local, slipId);
    expect(res).toMatchObject({ status: 200, body: { message: 'Request Sent' } });
    const purchase = await eventually(
      async () => {
        const [p] = await purchasesOf(t.ds, msisdn);
        return p?.status === 'paid' ? p : null;
      },
      { timeoutMs: 20_000 },
    );
    expect(purchase).toMatchObject({ kind: 'slip', slip_id: String(slipId), amount: '99.00' });
    const ledger = await t.ds.query(
      `SELECT kind, amount::text, status, user_id FROM ledger_entry WHERE purchase_id = $1 ORDER BY kind`,
      [purchase.id],
    );
    // The slip's owner (the admin account) holds the 60% share like any slip's tipster.
    expect(ledger).toEqual([
      { kind: 'platform_fee', amount: '39.60', status: 'P', user_id: null },
      { kind: 'sale_share', amount: '59.40', status: 'W', user_id: admin.user.id },
    ]);
    const sms = await eventually(
      async () => {
        const inbox = (await t.request('GET', `/sandbox/api/phones/${msisdn}`)).body.messages as {
          body: string;
        }[];
        return inbox.find((m) => m.body.startsWith('Slip '));
      },
      { timeoutMs: 20_000 },
    );
    expect(sms.body).toContain(`Slip ${slipId}`);
    expect(sms.body.match(/ - HOME WIN @1\.30/g)).toHaveLength(13);
    // 1.3^13 = 30.28 (truncated)
    expect(sms.body).toContain('Total odds 30.28');
  });

  it('a bought jackpot cannot be deleted from the back office', async () => {
    const res = await t.request('DELETE', `/api/backoffice/jackpots/${jackpotId}`, {
      token: admin.token,
    });
    expect(res.status).toBe(400);
    expect(
      await t.ds.query(`SELECT count(*)::int AS n FROM jackpot WHERE id = $1`, [jackpotId]),
    ).toEqual([{ n: 1 }]);
  });

  it('is no longer on sale once one of its games kicked off', async () => {
    const other = await t.get(JackpotService).create(
      {
        company: 'SP',
        type: 'MW',
        title: 'SportPesa Mid Week Jackpot',
        price: 149,
        tips: games.slice(13, 26).map((g) => ({ game: g.id, market: 1 })),
      },
      { ownerId: admin.user.id },
    );
    await t.ds.query(`UPDATE fixture SET kickoff = kickoff - interval '400 days' WHERE id = $1`, [
      games[20].id,
    ]);
    expect(await buy(`07${run}002`, other.slipId)).toMatchObject({
      status: 400,
      body: { message: 'This slip is no longer on sale' },
    });
    expect(await purchasesOf(t.ds, `2547${run}002`)).toHaveLength(0);
  });
});
