import { randomBytes } from 'crypto';
import { DataSource } from 'typeorm';

/** A slip of `userId` (price Ksh 200, not settled) to hang sale shares on. */
export const insertSlip = async (ds: DataSource, userId: number): Promise<number> => {
  const [row] = await ds.query(`INSERT INTO slip (user_id, price_ksh, accumulator) VALUES ($1, 200, 8.00) RETURNING id`, [userId]);
  return row.id;
};

/**
 * A paid slip purchase and the tipster's ledger share row (kind sale_share) with `status`
 * (W pending, P paid, U unpaid) at `at`: what the processor and settlement write for a sale.
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
  const [p] = await ds.query(
    `INSERT INTO purchase (kind, slip_id, phone, amount, provider, code, status, paid_at, created_at)
     VALUES ('slip', $1, '254712345678', $2, 'mpesa', $3, 'paid', $4, $4) RETURNING id`,
    [slipId, share, code, at],
  );
  const [l] = await ds.query(
    `INSERT INTO ledger_entry (user_id, account, kind, amount, status, purchase_id, created_at)
     VALUES ($1, 'tipster', 'sale_share', $2, $3, $4, $5) RETURNING id`,
    [tipsterId, share, status, p.id, at],
  );
  return { purchaseId: String(p.id), ledgerId: String(l.id) };
};

/** Ledger rows of withdrawal `id`, by kind. */
export const withdrawalLedger = (ds: DataSource, id: number | string): Promise<{ kind: string; amount: string }[]> =>
  ds.query(`SELECT kind, amount::text FROM ledger_entry WHERE withdrawal_id = $1 ORDER BY id`, [id]);

/** A Daraja B2C Result body (docs/PROVIDERS.md §1.8); paid when `resultCode` is 0. */
export const b2cResultBody = (o: { originator: string; conversationId: string; resultCode: number; amount?: number; transactionId?: string }) => ({
  Result: {
    ResultType: 0,
    ResultCode: o.resultCode,
    ResultDesc: o.resultCode === 0 ? 'The service request is processed successfully.' : 'The initiator information is invalid.',
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
    ReferenceData: { ReferenceItem: { Key: 'QueueTimeoutURL', Value: 'https://internalsandbox.safaricom.co.ke/mpesa/b2cresults/v1/submit' } },
  },
});
