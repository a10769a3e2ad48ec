import { INestApplicationContext } from '@nestjs/common';
import { randomBytes } from 'crypto';
import { DataSource, EntityManager } from 'typeorm';
import { Money } from '../common/money/money';
import { withdrawableAmount } from '../modules/finance/domain/withdrawal-rules';
import { originatorConversationId } from '../modules/finance/finance.constants';
import { LEDGER_STATUS } from '../modules/ledger/ledger.constants';
import { LedgerService } from '../modules/ledger/ledger.service';
import { newPurchaseCode } from '../modules/processor/domain/purchase-code';
import { DEMO_TIPSTERS } from './demo-tipsters';
import type { SeedStep } from './seed-step';

/** How many Kenyan demo tipsters get sales, and how many of those a paid withdrawal. */
export const SEED_FINANCE_TIPSTERS = 6;
export const SEED_PAID_WITHDRAWALS = 3;

const HOUR = 3600_000;

/**
 * Demo money history (docs/PRODUCT-RULES.md "Money") so the tipster dashboard is not empty: for the first
 * Kenyan demo tipsters, M-Pesa sales of their latest slips (purchases with the 60% share: paid P
 * for settled slips, unpaid U for cancelled ones, pending W for open ones, and the 40% platform
 * fee), and for the first three a withdrawal of their whole balance paid by B2C (W, total_paid,
 * its payout part and ledger row). One transaction. Idempotent: does nothing once any sale share
 * or withdrawal exists. Returns a summary.
 */
export const seedFinance = async (app: INestApplicationContext): Promise<string> => {
  const ds = app.get(DataSource);
  const ledger = app.get(LedgerService);
  const [{ n }] = await ds.query(`SELECT count(*) AS n FROM withdrawal`);
  if (Number(n) > 0 || (await ledger.hasSaleShares()))
    return 'sales or withdrawals exist, nothing to do';
  const usernames = DEMO_TIPSTERS.filter(([, , country]) => country === 'KE')
    .map(([u]) => u.toLowerCase())
    .slice(0, SEED_FINANCE_TIPSTERS);
  const tipsters: { id: number }[] = await ds.query(
    `SELECT id FROM app_user WHERE lower(username) = ANY($1) ORDER BY id`,
    [usernames],
  );
  const now = Date.now();
  return ds.transaction(async (em) => {
    let sales = 0;
    let withdrawals = 0;
    for (const [i, t] of tipsters.entries()) {
      const slips: {
        id: number;
        price_ksh: string;
        slip_result: string | null;
        date_created: Date;
      }[] = await em.query(
        `(SELECT id, price_ksh::text, slip_result, date_created FROM slip WHERE user_id = $1 AND slip_result IS NOT NULL AND NOT jackpot ORDER BY date_created DESC LIMIT 8)
         UNION ALL
         (SELECT id, price_ksh::text, slip_result, date_created FROM slip WHERE user_id = $1 AND slip_result IS NULL AND NOT jackpot ORDER BY date_created DESC LIMIT 2)`,
        [t.id],
      );
      for (const [j, s] of slips.entries()) {
        for (let k = 0; k < 1 + ((i + j) % 3); k++) {
          const at = saleTime(new Date(s.date_created), k, now);
          await recordSale(
            em,
            ledger,
            t.id,
            s,
            `2547000012${String((i * 7 + j + k) % 100).padStart(2, '0')}`,
            at,
          );
          sales++;
        }
      }
      if (
        i < SEED_PAID_WITHDRAWALS &&
        (await paidWithdrawal(em, ledger, t.id, `2547000011${String(i).padStart(2, '0')}`))
      )
        withdrawals++;
    }
    return `${sales} demo sales for ${tipsters.length} tipsters, ${withdrawals} paid withdrawals`;
  });
};

/**
 * When demo sale `k` (0, 1, 2) of a slip published at `created` happened: 10, 20, 30 minutes
 * after publication, but never after `now` (a slip the demo published moments ago sold in the
 * minutes since, spread over them). Milliseconds since the epoch in, Date out.
 */
export const saleTime = (created: Date, k: number, now: number): Date => {
  const start = created.getTime();
  const planned = start + (k + 1) * 10 * 60_000;
  if (planned <= now) return new Date(planned);
  return new Date(Math.max(start, start + Math.floor(((now - start) * (k + 1)) / 4)));
};

/** A paid M-Pesa purchase of slip `s` at `at` with its ledger rows (share by the slip's state, fee P). */
const recordSale = async (
  em: EntityManager,
  ledger: LedgerService,
  tipsterId: number,
  s: { id: number; price_ksh: string; slip_result: string | null },
  phone: string,
  at: Date,
): Promise<void> => {
  const price = Money.parse(s.price_ksh);
  const [p] = await em.query(
    `INSERT INTO purchase (kind, slip_id, phone, amount, provider, code, status, receipt, paid_amount, paid_at, created_at, updated_at)
     VALUES ('slip', $1, $2, $3, 'mpesa', $4, 'paid', $5, $3, $6, $6, $6) RETURNING id`,
    [s.id, phone, price.toDecimal(), newPurchaseCode(), receipt(), at],
  );
  const status =
    s.slip_result === null
      ? LEDGER_STATUS.PENDING
      : s.slip_result === 'C'
        ? LEDGER_STATUS.UNPAID
        : LEDGER_STATUS.PAID;
  await ledger.recordSaleShares(em, [
    { purchaseId: String(p.id), amount: price, tipsterUserId: tipsterId, status, createdAt: at },
  ]);
};

/** The tipster's whole balance withdrawn two days ago and paid by one B2C part; false when under Ksh 500. */
const paidWithdrawal = async (
  em: EntityManager,
  ledger: LedgerService,
  userId: number,
  msisdn: string,
): Promise<boolean> => {
  const amount = withdrawableAmount(await ledger.balance(userId, em));
  if (!amount) return false;
  const at = new Date(Date.now() - 48 * HOUR);
  const [w] = await em.query(
    `INSERT INTO withdrawal (user_id, amount, total_paid, phone_number, status, approved_at, created_at, updated_at)
     VALUES ($1, $2, $2, $3, 'W', $4, $5, $4) RETURNING id`,
    [userId, amount.toDecimal(), msisdn, new Date(at.getTime() + HOUR), at],
  );
  await ledger.recordWithdrawal(em, userId, String(w.id), amount, at);
  const tx = receipt();
  await em.query(
    `INSERT INTO b2c_payout (withdrawal_id, part, amount, originator_conversation_id, conversation_id, transaction_id, status, paid_amount, result_code, result_desc, created_at, updated_at)
     VALUES ($1, 1, $2, $3, $4, $5, 'paid', $2, '0', 'The service request is processed successfully.', $6, $6)`,
    [
      w.id,
      amount.toDecimal(),
      originatorConversationId(String(w.id), 1),
      `AG_${new Date(at.getTime() + HOUR).toISOString().slice(0, 10).replace(/-/g, '')}_${randomBytes(10).toString('hex')}`,
      tx,
      new Date(at.getTime() + HOUR),
    ],
  );
  return true;
};

/** A 10-character M-Pesa-style receipt (upper-case letters and digits). */
const receipt = (): string => {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';
  return Array.from(randomBytes(10), (b) => alphabet[b % alphabet.length]).join('');
};

/** Seed step 'finance' (after the demo marketplace). */
export const financeSeedStep: SeedStep = {
  name: 'finance',
  run: (app: INestApplicationContext) => seedFinance(app),
};
