import { CreateJackpots1764600000000 } from '../../../src/database/migrations/1764600000000-CreateJackpots';
import { createUser } from '../../factories/account';
import { createTestContext, TestContext } from '../../setup/test-app';

/** Migration 1764600000000 reverts cleanly: table gone, slip locks back to "never deleted, never edited". */
describe('migration CreateJackpots', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t?.close());

  const run = async (step: 'up' | 'down') => {
    const qr = t.ds.createQueryRunner();
    try {
      await new CreateJackpots1764600000000()[step](qr);
    } finally {
      await qr.release();
    }
  };
  const jackpotSlip = async (userId: number): Promise<number> =>
    (
      await t.ds.query(
        `INSERT INTO slip (user_id, price_ksh, accumulator, jackpot) VALUES ($1, 99, 900.00, true) RETURNING id`,
        [userId],
      )
    )[0].id;

  it('down restores the original slip locks; up brings the jackpot exceptions back', async () => {
    const { user } = await createUser(t.ds, { role: 'admin' });
    await run('down');
    expect(await t.ds.query(`SELECT to_regclass('jackpot') AS t`)).toEqual([{ t: null }]);
    const locked = await jackpotSlip(user.id);
    await expect(
      t.ds.query(`UPDATE slip SET price_ksh = 149 WHERE id = $1`, [locked]),
    ).rejects.toThrow('a published slip cannot be edited');
    await expect(t.ds.query(`DELETE FROM slip WHERE id = $1`, [locked])).rejects.toThrow(
      'a published slip cannot be deleted',
    );

    await run('up');
    const open = await jackpotSlip(user.id);
    await t.ds.query(`UPDATE slip SET price_ksh = 149 WHERE id = $1`, [open]);
    await expect(
      t.ds.query(`UPDATE slip SET accumulator = 2.00 WHERE id = $1`, [open]),
    ).rejects.toThrow('a published slip cannot be edited');
    await t.ds.query(`DELETE FROM slip WHERE id = $1`, [open]);
    expect(await t.ds.query(`SELECT count(*)::int AS n FROM slip WHERE id = $1`, [open])).toEqual([
      { n: 0 },
    ]);
    // A jackpot row needs a flagged slip.
    const [{ id: plain }] = await t.ds.query(
      `INSERT INTO slip (user_id, price_ksh, accumulator) VALUES ($1, 99, 2.00) RETURNING id`,
      [user.id],
    );
    await expect(
      t.ds.query(
        `INSERT INTO jackpot (company, type, slip_id, todays_odd, price_ksh, title, week_start) VALUES ('SP', 'MG', $1, 2.00, 99, 'x', '2026-11-23')`,
        [plain],
      ),
    ).rejects.toThrow('a jackpot needs a slip with the jackpot flag');
  });
});
