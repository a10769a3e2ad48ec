import { DataSource } from 'typeorm';
import { JobProducer } from '../../../src/common/queues/job-producer.service';
import { QueueName } from '../../../src/common/queues/queues';
import type { TestContext } from '../../setup/test-app';
import { eventually } from '../../support/eventually';

/** The tests' one wait-for-a-condition helper (backend/test/support/eventually.ts), for the files that import it from here. */
export { eventually };

/**
 * Waits until every BullMQ job `ids` of `queue` has run to its end (completed, or failed with no
 * attempt left), so a test can then assert what the jobs did — and did not do — with no fixed
 * sleep. Repeated callbacks share their job id (the provider's id), so this covers every copy.
 */
export const jobsFinished = async (
  t: TestContext,
  queue: QueueName,
  ids: string[],
  timeoutMs = 20_000,
): Promise<void> => {
  const q = t.get(JobProducer).queue(queue);
  await eventually(
    async () => {
      for (const id of ids) {
        const state = await (await q.getJob(id))?.getState();
        if (state !== 'completed' && state !== 'failed') return false;
      }
      return true;
    },
    { timeoutMs },
  );
};

/** The callbacks the provider sandboxes queued with `reference`: sent, still to send, or given up. */
export const sandboxDeliveries = async (
  t: TestContext,
  reference: string,
): Promise<{ kind: string; url: string; state: string; attempts: number }[]> =>
  (await t.request('GET', `/sandbox/api/deliveries?reference=${encodeURIComponent(reference)}`))
    .body;

/** Rows of a purchase by buyer phone, newest first. */
export const purchasesOf = (ds: DataSource, phone: string): Promise<any[]> =>
  ds.query(`SELECT * FROM purchase WHERE phone = $1 ORDER BY id DESC`, [phone]);

/** A Daraja STK callback body (docs/PROVIDERS.md §1.6); paid when `resultCode` is 0. */
export const stkCallbackBody = (
  checkoutRequestId: string,
  resultCode: number,
  amount = 0,
  receipt = 'TKE4H7Q2ZP',
  phone = '254712345678',
) => ({
  Body: {
    stkCallback: {
      MerchantRequestID: 'test-merchant',
      CheckoutRequestID: checkoutRequestId,
      ResultCode: resultCode,
      ResultDesc:
        resultCode === 0
          ? 'The service request is processed successfully.'
          : 'Request cancelled by user',
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
