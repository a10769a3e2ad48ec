import { Money } from '../../../src/common/money/money';
import { LedgerService } from '../../../src/modules/ledger/ledger.service';
import { createUser } from '../../factories/account';
import { createTestContext, TestContext } from '../../setup/test-app';
import { expectMoneyInvariants } from '../../support/money-invariants';
import { insertSaleShare, insertSlip } from './finance-support';

/**
 * The money-invariants helper (backend/test/support/money-invariants.ts, docs/PRODUCT-RULES.md
 * "Money") passes on consistent money and fails on each kind of broken money: a share that is
 * not 60% of its sale, a missing fee, a withdrawal without its ledger row, a balance below zero.
 * Each case undoes its damage, and the helper passes again.
 */
describe('money invariants helper', () => {
  let t: TestContext;
  let tipster: number;
  let sale: { purchaseId: string; ledgerId: string };

  beforeAll(async () => {
    t = await createTestContext();
    tipster = (await createUser(t.ds, { role: 'tipster' })).user.id;
    sale = await insertSaleShare(t.ds, tipster, await insertSlip(t.ds, tipster), '600.00', 'P');
  });
  afterAll(() => t?.close());

  /** Breaks the money with `breakIt`, checks that the helper fails naming it, then undoes it with `undo`. */
  const expectCaught = async (
    breakIt: [string, unknown[]],
    message: RegExp,
    undo: [string, unknown[]],
  ): Promise<void> => {
    await t.ds.query(...breakIt);
    try {
      await expect(expectMoneyInvariants(t.ds)).rejects.toThrow(message);
    } finally {
      await t.ds.query(...undo);
    }
    await expectMoneyInvariants(t.ds);
  };

  it('passes on consistent money (a paid sale, a withdrawal through the ledger)', async () => {
    const ledger = t.get(LedgerService);
    await t.ds.transaction(async (em) => {
      const [w] = await em.query(
        `INSERT INTO withdrawal (user_id, amount, total_paid, phone_number, status) VALUES ($1, 500, 0, '254712345678', 'P') RETURNING id::text`,
        [tipster],
      );
      await ledger.recordWithdrawal(em, tipster, w.id, Money.ofUnits(500));
    });
    await expectMoneyInvariants(t.ds);
  });

  it('fails on a share that is not 60% of its sale', async () => {
    await expectCaught(
      [`UPDATE ledger_entry SET amount = 600.01 WHERE id = $1`, [sale.ledgerId]],
      /share 600\.01, expected 600\.00/,
      [`UPDATE ledger_entry SET amount = 600.00 WHERE id = $1`, [sale.ledgerId]],
    );
  });

  it('fails on a missing platform fee', async () => {
    await expectCaught(
      [
        `UPDATE ledger_entry SET kind = 'platform_fee_x' WHERE purchase_id = $1 AND kind = 'platform_fee'`,
        [sale.purchaseId],
      ],
      /1 sale_share and 0 platform_fee rows/,
      [
        `UPDATE ledger_entry SET kind = 'platform_fee' WHERE purchase_id = $1 AND kind = 'platform_fee_x'`,
        [sale.purchaseId],
      ],
    );
  });

  it('fails on a withdrawal without its ledger row, and on a balance below zero', async () => {
    await expectCaught(
      [
        `INSERT INTO withdrawal (user_id, amount, total_paid, phone_number, status) VALUES ($1, 700, 0, '254712345678', 'P')`,
        [tipster],
      ],
      /withdrawal \d+: 0 withdrawal rows/,
      [`DELETE FROM withdrawal WHERE amount = 700`, []],
    );
    await expectCaught(
      [
        `WITH w AS (INSERT INTO withdrawal (user_id, amount, total_paid, phone_number, status) VALUES ($1, 700, 0, '254712345678', 'P') RETURNING id)
         INSERT INTO ledger_entry (user_id, account, kind, amount, status, withdrawal_id) SELECT $1, 'tipster', 'withdrawal', -700, 'P', id FROM w`,
        [tipster],
      ],
      /below zero/,
      [
        `WITH l AS (DELETE FROM ledger_entry WHERE amount = -700 RETURNING withdrawal_id) DELETE FROM withdrawal WHERE id IN (SELECT withdrawal_id FROM l)`,
        [],
      ],
    );
  });
});
