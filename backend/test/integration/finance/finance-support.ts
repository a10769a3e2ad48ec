import { randomBytes } from 'crypto';
import { DataSource } from 'typeorm';
import { Money } from '../../../src/common/money/money';
import { TIPSTER_SHARE_PERCENT } from '../../../src/modules/ledger/ledger.constants';

/** A slip of `userId` (price Ksh 200, not settled) to hang sale shares on. */
export const insertSlip = async (ds: DataSource, userId: number): Promise<number> => {
  const [row] = await ds.query(
    `INSERT INTO slip (user_id, price_ksh, accumulator) VALUES ($1, 200, 8.00) RETURNING id`,
    [userId],
  );
  return row.id;
};

/** The smallest Ksh price whose tipster share (60%, rounded half up to the cent) is `share`. */
export const priceForShare = (share: string): Money => {
  const target = Money.parse(share);
  const cents = Math.floor(
    (Number(target.toDecimal().replace('.', '')) * 100) / TIPSTER_SHARE_PERCENT,
  );
  for (let c = Math.max(0, cents - 2); ; c++) {
    const price = Money.ofCents(c);
    if (price.percent(TIPSTER_SHARE_PERCENT).equals(target)) return price;
  }
};

/**
 * A paid slip purchase priced so its tipster share is `share`, with the ledger rows the processor
 * and settlement write for it: the tipster's share (kind sale_share) with `status` (W pending,
 * P paid, U unpaid) and the platform's fee (P), both at `at`.
 */
export const insertSaleShare = async (
  ds: DataSource,
  tipsterId: number,
  slipId: number,
  share: string,
  status: 'W' | 'P' | 'U',
  at: Date = new Date(),
): Promise<{ purchaseId: string; ledgerId: string }> => {
  const code = randomBytes(5).toString('hex').toUpperCase();
  const price = priceForShare(share);
  const [p] = await ds.query(
    `INSERT INTO purchase (kind, slip_id, phone, amount, provider, code, status, paid_at, created_at)
     VALUES ('slip', $1, '254712345678', $2, 'mpesa', $3, 'paid', $4, $4) RETURNING id`,
    [slipId, price.toDecimal(), code, at],
  );
  const [l] = await ds.query(
    `INSERT INTO ledger_entry (user_id, account, kind, amount, status, purchase_id, created_at)
     VALUES ($1, 'tipster', 'sale_share', $2, $3, $4, $5) RETURNING id`,
    [tipsterId, share, status, p.id, at],
  );
  await ds.query(
    `INSERT INTO ledger_entry (user_id, account, kind, amount, status, purchase_id, created_at) VALUES (NULL, 'platform', 'platform_fee', $1, 'P', $2, $3)`,
    [price.sub(Money.parse(share)).toDecimal(), p.id, at],
  );
  return { purchaseId: String(p.id), ledgerId: String(l.id) };
};

/** Ledger rows of withdrawal `id`, by kind. */
export const withdrawalLedger = (
  ds: DataSource,
  id: number | string,
): Promise<{ kind: string; amount: string }[]> =>
  ds.query(`SELECT kind, amount::text FROM ledger_entry WHERE withdrawal_id = $1 ORDER BY id`, [
    id,
  ]);

/** A Daraja B2C Result body (docs/PROVIDERS.md §1.8); paid when `resultCode` is 0. */
export const b2cResultBody = (o: {
  originator: string;
  conversationId: string;
  resultCode: number;
  amount?: number;
  transactionId?: string;
}) => ({
  Result: {
    ResultType: 0,
    ResultCode: o.resultCode,
    ResultDesc:
      o.resultCode === 0
        ? 'The service request is processed successfully.'
        : 'The initiator information is invalid.',
    OriginatorConversationID: o.originator,
    ConversationID: o.conversationId,
    TransactionID: o.transactionId ?? 'TKE5PQ81XA',
    ...(o.resultCode === 0
      ? {
          ResultParameters: {
            ResultParameter: [
              { Key: 'TransactionAmount', Value: o.amount },
              { Key: 'TransactionReceipt', Value: o.transactionId ?? 'TKE5PQ81XA' },
              { Key: 'ReceiverPartyPublicName', Value: '254712345678 - JANE WANJIRU' },
              { Key: 'TransactionCompletedDateTime', Value: '23.11.2026 10:52:07' },
              { Key: 'B2CUtilityAccountAvailableFunds', Value: 98750.0 },
            ],
          },
        }
      : {}),
    ReferenceData: {
      ReferenceItem: {
        Key: 'QueueTimeoutURL',
        Value: 'https://internalsandbox.safaricom.co.ke/mpesa/b2cresults/v1/submit',
      },
    },
  },
});
