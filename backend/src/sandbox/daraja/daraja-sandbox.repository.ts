import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { query, Sql } from '../common/sql';
import { StkPushRequest, StkResolution } from './domain/daraja-rules';

/** `sandbox_stk_request` row. */
export interface StkRow {
  checkout_request_id: string;
  merchant_request_id: string;
  msisdn: string;
  party_a: string;
  party_b: string;
  business_short_code: string;
  transaction_type: string;
  amount_ksh: string;
  account_reference: string;
  transaction_desc: string | null;
  callback_url: string;
  status: 'pending' | StkResolution;
  result_code: number | null;
  result_desc: string | null;
  receipt: string | null;
  transaction_date: string | null;
  created_at: Date;
  expires_at: Date;
  auto_accept_at: Date | null;
  resolved_at: Date | null;
}

/** `sandbox_b2c_request` row. */
export interface B2cRow {
  conversation_id: string;
  originator_conversation_id: string;
  amount_ksh: string;
  party_b: string;
  result_url: string;
  status: 'queued' | 'completed' | 'failed';
  result_code: number;
  result_desc: string;
  transaction_id: string | null;
  due_at: Date;
  created_at: Date;
}

/** The only door to the Daraja sandbox tables. Due times use the database clock. */
@Injectable()
export class DarajaSandboxRepository {
  constructor(private readonly ds: DataSource) {}

  get dataSource(): DataSource {
    return this.ds;
  }

  async insertToken(token: string, ttlSeconds: number): Promise<void> {
    await this.ds.query(
      `INSERT INTO sandbox_daraja_token (token, expires_at) VALUES ($1, now() + $2 * interval '1 second')`,
      [token, ttlSeconds],
    );
  }

  async isTokenValid(token: string): Promise<boolean> {
    const rows = await query(
      this.ds,
      `SELECT 1 FROM sandbox_daraja_token WHERE token = $1 AND expires_at > now()`,
      [token],
    );
    return rows.length > 0;
  }

  /** Stores a new prompt; false when the CheckoutRequestID is taken (the caller draws another). */
  async insertStk(
    stk: StkPushRequest & {
      checkoutRequestId: string;
      merchantRequestId: string;
      timeoutMs: number;
      autoAcceptMs: number | null;
    },
  ): Promise<boolean> {
    const rows = await query(
      this.ds,
      `INSERT INTO sandbox_stk_request
         (checkout_request_id, merchant_request_id, msisdn, party_a, party_b, business_short_code, transaction_type,
          amount_ksh, account_reference, transaction_desc, callback_url, expires_at, auto_accept_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11,
               now() + $12 * interval '1 millisecond',
               CASE WHEN $13::int IS NULL THEN NULL ELSE now() + $13::int * interval '1 millisecond' END)
       ON CONFLICT (checkout_request_id) DO NOTHING
       RETURNING checkout_request_id`,
      [
        stk.checkoutRequestId,
        stk.merchantRequestId,
        stk.phoneNumber,
        stk.partyA,
        stk.partyB,
        stk.businessShortCode,
        stk.transactionType,
        stk.amountKsh,
        stk.accountReference,
        stk.transactionDesc,
        stk.callbackUrl,
        stk.timeoutMs,
        stk.autoAcceptMs,
      ],
    );
    return rows.length > 0;
  }

  async findStk(checkoutRequestId: string): Promise<StkRow | null> {
    const rows = await query<StkRow>(
      this.ds,
      `SELECT * FROM sandbox_stk_request WHERE checkout_request_id = $1`,
      [checkoutRequestId],
    );
    return rows[0] ?? null;
  }

  /** The accepted prompt whose M-Pesa receipt is `receipt`, or null (Transaction Status, §1.9). */
  async findStkByReceipt(receipt: string): Promise<StkRow | null> {
    const rows = await query<StkRow>(
      this.ds,
      `SELECT * FROM sandbox_stk_request WHERE receipt = $1`,
      [receipt],
    );
    return rows[0] ?? null;
  }

  /** Locks one prompt for the transaction `db`. */
  async lockStk(db: Sql, checkoutRequestId: string): Promise<StkRow | null> {
    const rows = await query<StkRow>(
      db,
      `SELECT * FROM sandbox_stk_request WHERE checkout_request_id = $1 FOR UPDATE`,
      [checkoutRequestId],
    );
    return rows[0] ?? null;
  }

  /** Locks pending prompts whose auto-accept time or deadline has passed (SKIP LOCKED). */
  async lockDueStk(
    db: Sql,
    limit: number,
  ): Promise<(StkRow & { due: 'auto_accept' | 'timeout' })[]> {
    return query(
      db,
      `SELECT *, CASE WHEN auto_accept_at IS NOT NULL AND auto_accept_at <= now() AND auto_accept_at <= expires_at
                      THEN 'auto_accept' ELSE 'timeout' END AS due
         FROM sandbox_stk_request
        WHERE status = 'pending' AND (expires_at <= now() OR (auto_accept_at IS NOT NULL AND auto_accept_at <= now()))
        ORDER BY LEAST(expires_at, COALESCE(auto_accept_at, expires_at))
        LIMIT $1
        FOR UPDATE SKIP LOCKED`,
      [limit],
    );
  }

  async resolveStk(
    db: Sql,
    checkoutRequestId: string,
    outcome: {
      status: StkResolution;
      resultCode: number;
      resultDesc: string;
      receipt: string | null;
      transactionDate: string | null;
    },
  ): Promise<void> {
    await db.query(
      `UPDATE sandbox_stk_request
          SET status = $2, result_code = $3, result_desc = $4, receipt = $5, transaction_date = $6, resolved_at = now()
        WHERE checkout_request_id = $1`,
      [
        checkoutRequestId,
        outcome.status,
        outcome.resultCode,
        outcome.resultDesc,
        outcome.receipt,
        outcome.transactionDate,
      ],
    );
  }

  /** Pending prompts of a phone, newest first. */
  async pendingFor(msisdn: string): Promise<StkRow[]> {
    return query<StkRow>(
      this.ds,
      `SELECT * FROM sandbox_stk_request WHERE msisdn = $1 AND status = 'pending' AND expires_at > now() ORDER BY created_at DESC`,
      [msisdn],
    );
  }

  /** Recent prompts of every phone (index page). */
  async recentStk(limit: number): Promise<StkRow[]> {
    return query<StkRow>(
      this.ds,
      `SELECT * FROM sandbox_stk_request ORDER BY created_at DESC LIMIT $1`,
      [limit],
    );
  }

  /** Stores a B2C request with its decided result; false when the OriginatorConversationID is taken. */
  async insertB2c(b2c: {
    conversationId: string;
    originatorConversationId: string;
    initiatorName: string;
    commandId: string;
    amountKsh: string;
    partyA: string;
    partyB: string;
    remarks: string;
    occasion: string | null;
    resultUrl: string;
    queueTimeoutUrl: string;
    resultCode: number;
    resultDesc: string;
    delayMs: number;
  }): Promise<boolean> {
    const rows = await query(
      this.ds,
      `INSERT INTO sandbox_b2c_request
         (conversation_id, originator_conversation_id, initiator_name, command_id, amount_ksh, party_a, party_b,
          remarks, occasion, result_url, queue_timeout_url, result_code, result_desc, due_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, now() + $14 * interval '1 millisecond')
       ON CONFLICT (originator_conversation_id) DO NOTHING
       RETURNING conversation_id`,
      [
        b2c.conversationId,
        b2c.originatorConversationId,
        b2c.initiatorName,
        b2c.commandId,
        b2c.amountKsh,
        b2c.partyA,
        b2c.partyB,
        b2c.remarks,
        b2c.occasion,
        b2c.resultUrl,
        b2c.queueTimeoutUrl,
        b2c.resultCode,
        b2c.resultDesc,
        b2c.delayMs,
      ],
    );
    return rows.length > 0;
  }

  /** Locks queued B2C requests whose result is due (SKIP LOCKED). */
  async lockDueB2c(db: Sql, limit: number): Promise<B2cRow[]> {
    return query<B2cRow>(
      db,
      `SELECT * FROM sandbox_b2c_request WHERE status = 'queued' AND due_at <= now() ORDER BY due_at LIMIT $1 FOR UPDATE SKIP LOCKED`,
      [limit],
    );
  }

  async completeB2c(
    db: Sql,
    conversationId: string,
    status: 'completed' | 'failed',
    transactionId: string,
  ): Promise<void> {
    await db.query(
      `UPDATE sandbox_b2c_request SET status = $2, transaction_id = $3, completed_at = now() WHERE conversation_id = $1`,
      [conversationId, status, transactionId],
    );
  }

  async findB2c(conversationId: string): Promise<B2cRow | null> {
    const rows = await query<B2cRow>(
      this.ds,
      `SELECT * FROM sandbox_b2c_request WHERE conversation_id = $1`,
      [conversationId],
    );
    return rows[0] ?? null;
  }

  async recentB2c(limit: number): Promise<B2cRow[]> {
    return query<B2cRow>(
      this.ds,
      `SELECT * FROM sandbox_b2c_request ORDER BY created_at DESC LIMIT $1`,
      [limit],
    );
  }
}
