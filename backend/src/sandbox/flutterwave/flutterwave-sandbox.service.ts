import { createHmac } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { AppConfig } from '../../config/app-config';
import { checkoutToken, flwRef } from '../common/ids';
import { answer, ProviderAnswer } from '../common/provider-answer';
import { FaultRepository } from '../faults/fault.repository';
import { OutboundService } from '../outbound/outbound.service';
import { OUTBOUND_KIND, SANDBOX_PREFIX } from '../sandbox.constants';
import { SandboxError, SandboxErrorCode } from '../sandbox.errors';
import { SandboxSettings } from '../sandbox.settings';
import {
  redirectTarget,
  SandboxTransaction,
  transactionData,
  validatePayment,
  webhookBody,
} from './domain/flutterwave-rules';
import { FlutterwaveSandboxRepository, FlwPaymentRow } from './flutterwave-sandbox.repository';

/** What the buyer did on the hosted checkout page. */
export type CheckoutAction = 'pay' | 'fail' | 'cancel';

/** Where the checkout ends: the redirect (when the payment had a redirect_url) and the outcome. */
export interface CheckoutOutcome {
  status: 'successful' | 'failed' | 'cancelled';
  txRef: string;
  transactionId: number | null;
  redirectTo: string | null;
}

const NOT_FOUND_MESSAGE = 'No transaction was found for this id';

/**
 * The Flutterwave v3 simulator (docs/PROVIDERS.md §2.7): hosted payment links, a checkout page with
 * Pay / Fail / Cancel, the `charge.completed` webhook (verif-hash = FLW_SECRET_HASH) to
 * SANDBOX_FLW_WEBHOOK_URL and the two verify calls. Bearer secret key checked on the API.
 */
@Injectable()
export class FlutterwaveSandboxService {
  constructor(
    private readonly repo: FlutterwaveSandboxRepository,
    private readonly outbound: OutboundService,
    private readonly faults: FaultRepository,
    private readonly config: AppConfig,
    private readonly settings: SandboxSettings,
  ) {}

  /** `POST /v3/payments` (§2.2) → `{status: 'success', message: 'Hosted Link', data: {link}}`. */
  async createPayment(authorization: string | undefined, body: unknown): Promise<ProviderAnswer> {
    const refused = await this.checkAuth(authorization, 'flutterwave.payments');
    if (refused) return refused;
    const checked = validatePayment(body);
    if (!checked.ok) return this.error(checked.rejection.status, checked.rejection.message);
    const row = await this.repo.upsert(checkoutToken(), checked.value);
    if (!row) return this.error(400, 'A transaction with this tx_ref already exists');
    return answer(200, {
      status: 'success',
      message: 'Hosted Link',
      data: { link: this.checkoutLink(row.token) },
    });
  }

  /** `GET /v3/transactions/{id}/verify` (§2.4). */
  async verifyById(authorization: string | undefined, id: string): Promise<ProviderAnswer> {
    const refused = await this.checkAuth(authorization, 'flutterwave.verify');
    if (refused) return refused;
    if (!/^\d{1,18}$/.test(id)) return this.error(400, NOT_FOUND_MESSAGE);
    return this.verified(await this.repo.findByTransactionId(id));
  }

  /** `GET /v3/transactions/verify_by_reference?tx_ref=` (§2.4). */
  async verifyByReference(
    authorization: string | undefined,
    txRef: unknown,
  ): Promise<ProviderAnswer> {
    const refused = await this.checkAuth(authorization, 'flutterwave.verify');
    if (refused) return refused;
    if (typeof txRef !== 'string' || !txRef.trim()) return this.error(400, 'tx_ref is required');
    return this.verified(await this.repo.findTransactionByTxRef(txRef.trim()));
  }

  /** The checkout behind a link, for the page. @throws SandboxError CHECKOUT_NOT_FOUND. */
  async checkout(token: string): Promise<FlwPaymentRow> {
    const row = await this.repo.findByToken(token);
    if (!row) throw new SandboxError(SandboxErrorCode.CHECKOUT_NOT_FOUND);
    return row;
  }

  /**
   * The buyer presses Pay (successful transaction + webhook), Fail (failed transaction + webhook)
   * or Cancel (no transaction, no webhook). Pressing the same button twice repeats the redirect.
   * @throws SandboxError CHECKOUT_NOT_FOUND, CHECKOUT_CLOSED (another outcome already happened).
   */
  async complete(token: string, action: CheckoutAction): Promise<CheckoutOutcome> {
    const wanted = action === 'pay' ? 'successful' : action === 'fail' ? 'failed' : 'cancelled';
    const row = await this.repo.dataSource.transaction(async (db) => {
      const current = await this.repo.lockByToken(db, token);
      if (!current) throw new SandboxError(SandboxErrorCode.CHECKOUT_NOT_FOUND);
      if (current.status === wanted) return current;
      if (current.status !== 'pending')
        throw new SandboxError(SandboxErrorCode.CHECKOUT_CLOSED, { status: current.status });
      if (action === 'cancel') {
        await this.repo.cancel(db, token);
        return { ...current, status: 'cancelled' as const };
      }
      const done = await this.repo.complete(db, token, wanted as 'successful' | 'failed', flwRef());
      await this.enqueueWebhook(db, done);
      return done;
    });
    this.outbound.notify();
    const transactionId = row.transaction_id ? Number(row.transaction_id) : null;
    return {
      status: wanted,
      txRef: row.tx_ref,
      transactionId,
      redirectTo: row.redirect_url
        ? redirectTarget(row.redirect_url, { status: wanted, txRef: row.tx_ref, transactionId })
        : null,
    };
  }

  /** Sends the webhook of a transaction again (Flutterwave may deliver an event twice, §2.5). */
  async resendWebhook(transactionId: string): Promise<void> {
    const row = /^\d{1,18}$/.test(transactionId)
      ? await this.repo.findByTransactionId(transactionId)
      : null;
    if (!row) throw new SandboxError(SandboxErrorCode.TRANSACTION_NOT_FOUND);
    await this.repo.dataSource.transaction((db) => this.enqueueWebhook(db, row));
    this.outbound.notify();
  }

  /** Recent checkouts for the index page. */
  recent(limit: number): Promise<FlwPaymentRow[]> {
    return this.repo.recent(limit);
  }

  /** The hosted checkout URL the browser is sent to (below PUBLIC_URL). */
  checkoutLink(token: string): string {
    return `${this.config.publicUrl.replace(/\/+$/, '')}${SANDBOX_PREFIX}/flutterwave/pay/${token}`;
  }

  private async enqueueWebhook(db: EntityManager, row: FlwPaymentRow): Promise<void> {
    const body = JSON.stringify(webhookBody(toTransaction(row)));
    const secretHash = this.config.flutterwave.secretHash;
    await this.outbound.enqueue(db, {
      kind: OUTBOUND_KIND.FLW_WEBHOOK,
      reference: row.tx_ref,
      sequenceKey: `flw:${row.tx_ref}`,
      url: this.settings.flutterwaveWebhookUrl,
      contentType: 'application/json',
      headers: {
        'verif-hash': secretHash,
        'flutterwave-signature': createHmac('sha256', secretHash).update(body).digest('base64'),
      },
      body,
    });
  }

  private verified(row: FlwPaymentRow | null): ProviderAnswer {
    if (!row || !row.transaction_id) return this.error(400, NOT_FOUND_MESSAGE);
    return answer(200, {
      status: 'success',
      message: 'Transaction fetched successfully',
      data: transactionData(toTransaction(row)),
    });
  }

  /** Bearer secret key (§2.1); wrong → 401 `Invalid authorization key` (§2.7). Then an injected fault. */
  private async checkAuth(
    authorization: string | undefined,
    target: 'flutterwave.payments' | 'flutterwave.verify',
  ): Promise<ProviderAnswer | null> {
    if (authorization !== `Bearer ${this.config.flutterwave.secretKey}`)
      return this.error(401, 'Invalid authorization key');
    const fault = await this.faults.consume(target);
    if (fault === null) return null;
    return this.error(
      fault,
      fault === 503
        ? 'Service unavailable, please try again'
        : 'An error occurred, please try again',
    );
  }

  private error(status: number, message: string): ProviderAnswer {
    return answer(status, { status: 'error', message, data: null });
  }
}

/** A completed checkout row as a transaction. */
const toTransaction = (row: FlwPaymentRow): SandboxTransaction => ({
  transactionId: Number(row.transaction_id),
  txRef: row.tx_ref,
  flwRef: row.flw_ref ?? '',
  amount: row.amount,
  currency: row.currency,
  status: row.status === 'successful' ? 'successful' : 'failed',
  customer: row.customer,
  customerId: Number(row.customer_id ?? 0),
  meta: row.meta,
  createdAt: row.completed_at ?? row.created_at,
  customerCreatedAt: row.created_at,
});
