import { DataSource } from 'typeorm';

/** Waits `ms` milliseconds. */
export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `probe` until it returns a truthy value or `timeoutMs` passes. */
export const eventually = async <T>(probe: () => Promise<T | undefined | null | false>, timeoutMs = 15_000, stepMs = 50): Promise<T> => {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > end) throw new Error(`condition not met within ${timeoutMs} ms`);
    await sleep(stepMs);
  }
};

/** Rows of a purchase by buyer phone, newest first. */
export const purchasesOf = (ds: DataSource, phone: string): Promise<any[]> =>
  ds.query(`SELECT * FROM purchase WHERE phone = $1 ORDER BY id DESC`, [phone]);

/** A Daraja STK callback body (providers.md §1.6); paid when `resultCode` is 0. */
export const stkCallbackBody = (checkoutRequestId: string, resultCode: number, amount = 0, receipt = 'TKE4H7Q2ZP', phone = '254712345678') => ({
  Body: {
    stkCallback: {
      MerchantRequestID: 'test-merchant',
      CheckoutRequestID: checkoutRequestId,
      ResultCode: resultCode,
      ResultDesc: resultCode === 0 ? 'The service request is processed successfully.' : 'Request cancelled by user',
      ...(resultCode === 0
        ? {
            CallbackMetadata: {
              Item: [
                { Name: 'Amount', Value: amount },
                { Name: 'MpesaReceiptNumber', Value: receipt },
                { Name: 'Balance' },
                { Name: 'TransactionDate', Value: 20261123103547 },
                { Name: 'PhoneNumber', Value: Number(phone) },
              ],
            },
          }
        : {}),
    },
  },
});
