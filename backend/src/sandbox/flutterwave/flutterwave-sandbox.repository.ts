import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { query, Sql } from '../common/sql';
import { PaymentIntent } from './domain/flutterwave-rules';

/** `sandbox_flw_payment` row. */
export interface FlwPaymentRow {
  token: string;
  tx_ref: string;
  amount: string;
  currency: string;
  redirect_url: string | null;
  customer: PaymentIntent['customer'];
  customizations: PaymentIntent['customizations'];
  meta: Record<string, unknown> | null;
  payment_options: string | null;
  status: 'pending' | 'successful' | 'failed' | 'cancelled';
  transaction_id: string | null;
  flw_ref: string | null;
  customer_id: string | null;
  created_at: Date;
  completed_at: Date | null;
}

/** The only door to the Flutterwave sandbox table. */
@Injectable()
export class FlutterwaveSandboxRepository {
  constructor(private readonly ds: DataSource) {}

  get dataSource(): DataSource {
    return this.ds;
  }

  /**
   * Stores a checkout for `intent`. A tx_ref already used by a pending or cancelled checkout is
   * opened again with the new details (same link); one that was paid or failed is left alone.
   * @returns the row, or null when the tx_ref belongs to a completed transaction.
   */
  async upsert(token: string, intent: PaymentIntent): Promise<FlwPaymentRow | null> {
    const rows = await query<FlwPaymentRow>(
      this.ds,
      `INSERT INTO sandbox_flw_payment (token, tx_ref, amount, currency, redirect_url, customer, customizations, meta, payment_options)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       ON CONFLICT (tx_ref) DO UPDATE
         SET amount = EXCLUDED.amount, currency = EXCLUDED.currency, redirect_url = EXCLUDED.redirect_url,
             customer = EXCLUDED.customer, customizations = EXCLUDED.customizations, meta = EXCLUDED.meta,
             payment_options = EXCLUDED.payment_options, status = 'pending', completed_at = NULL
         WHERE sandbox_flw_payment.status IN ('pending', 'cancelled')
       RETURNING *`,
      [
        token,
        intent.txRef,
        intent.amount,
        intent.currency,
        intent.redirectUrl,
        JSON.stringify(intent.customer),
        intent.customizations ? JSON.stringify(intent.customizations) : null,
        intent.meta ? JSON.stringify(intent.meta) : null,
        intent.paymentOptions,
      ],
    );
    return rows[0] ?? null;
  }

  async findByToken(token: string): Promise<FlwPaymentRow | null> {
    const rows = await query<FlwPaymentRow>(
      this.ds,
      `SELECT * FROM sandbox_flw_payment WHERE token = $1`,
      [token],
    );
    return rows[0] ?? null;
  }

  async lockByToken(db: Sql, token: string): Promise<FlwPaymentRow | null> {
    const rows = await query<FlwPaymentRow>(
      db,
      `SELECT * FROM sandbox_flw_payment WHERE token = $1 FOR UPDATE`,
      [token],
    );
    return rows[0] ?? null;
  }

  /** Cancels a pending checkout (no transaction, §2.7). */
  async cancel(db: Sql, token: string): Promise<void> {
    await db.query(
      `UPDATE sandbox_flw_payment SET status = 'cancelled', completed_at = now() WHERE token = $1`,
      [token],
    );
  }

  /** Turns a pending checkout into a transaction with a new numeric id and flw_ref. */
  async complete(
    db: Sql,
    token: string,
    status: 'successful' | 'failed',
    flwRef: string,
  ): Promise<FlwPaymentRow> {
    const rows = await query<FlwPaymentRow>(
      db,
      `UPDATE sandbox_flw_payment
          SET status = $2, flw_ref = $3, completed_at = now(),
              transaction_id = nextval('sandbox_flw_transaction_id_seq'),
              customer_id = nextval('sandbox_flw_customer_id_seq')
        WHERE token = $1 RETURNING *`,
      [token, status, flwRef],
    );
    return rows[0];
  }

  async findByTransactionId(id: string): Promise<FlwPaymentRow | null> {
    const rows = await query<FlwPaymentRow>(
      this.ds,
      `SELECT * FROM sandbox_flw_payment WHERE transaction_id = $1`,
      [id],
    );
    return rows[0] ?? null;
  }

  async findTransactionByTxRef(txRef: string): Promise<FlwPaymentRow | null> {
    const rows = await query<FlwPaymentRow>(
      this.ds,
      `SELECT * FROM sandbox_flw_payment WHERE tx_ref = $1 AND transaction_id IS NOT NULL`,
      [txRef],
    );
    return rows[0] ?? null;
  }

  async recent(limit: number): Promise<FlwPaymentRow[]> {
    return query<FlwPaymentRow>(
      this.ds,
      `SELECT * FROM sandbox_flw_payment ORDER BY created_at DESC LIMIT $1`,
      [limit],
    );
  }
}
