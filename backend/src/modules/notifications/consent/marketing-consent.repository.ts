import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { ConsentTimes, MarketingChannel } from './domain/consent-rules';

/** A stored consent as the service reads it. */
export interface ConsentRow extends ConsentTimes {
  channel: MarketingChannel;
  recipient: string;
  userId: number | null;
  consentText: string | null;
  optInSource: string | null;
  optOutSource: string | null;
}

const SELECT = `SELECT channel, recipient, user_id AS "userId", opted_in_at AS "optedInAt", opted_out_at AS "optedOutAt",
  consent_text AS "consentText", opt_in_source AS "optInSource", opt_out_source AS "optOutSource" FROM marketing_consent`;

/** The notifications module's door to `marketing_consent` (docs/PRODUCT-RULES.md R230, R231). */
@Injectable()
export class MarketingConsentRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** The consent of one recipient on one channel, or null. */
  async find(channel: MarketingChannel, recipient: string): Promise<ConsentRow | null> {
    const [row] = await this.ds.query(`${SELECT} WHERE channel = $1 AND recipient = $2`, [
      channel,
      recipient,
    ]);
    return row ?? null;
  }

  /** The consents recorded for a user id (their export). */
  forUser(userId: number): Promise<ConsentRow[]> {
    return this.ds.query(`${SELECT} WHERE user_id = $1 ORDER BY channel, recipient`, [userId]);
  }

  /** Records an opt-in at `at` (insert or update): the text shown and its source replace the last ones. */
  async optIn(
    channel: MarketingChannel,
    recipient: string,
    userId: number | null,
    consentText: string,
    source: string,
    at: Date,
  ): Promise<void> {
    await this.ds.query(
      `INSERT INTO marketing_consent (channel, recipient, user_id, opted_in_at, consent_text, opt_in_source, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $4)
       ON CONFLICT (channel, recipient) DO UPDATE SET user_id = COALESCE(EXCLUDED.user_id, marketing_consent.user_id),
         opted_in_at = EXCLUDED.opted_in_at, consent_text = EXCLUDED.consent_text, opt_in_source = EXCLUDED.opt_in_source, updated_at = EXCLUDED.updated_at`,
      [channel, recipient, userId, at, consentText, source],
    );
  }

  /**
   * Records an opt-out at `at` (insert or update; a recipient never opted in gets a row too, so a
   * later import cannot opt them in silently). Returns whether the recipient was opted in before.
   */
  async optOut(
    channel: MarketingChannel,
    recipient: string,
    source: string,
    at: Date,
  ): Promise<boolean> {
    const [row] = await this.ds.query(
      `WITH before AS (SELECT opted_in_at, opted_out_at FROM marketing_consent WHERE channel = $1 AND recipient = $2)
       INSERT INTO marketing_consent (channel, recipient, opted_out_at, opt_out_source, updated_at)
       VALUES ($1, $2, $3, $4, $3)
       ON CONFLICT (channel, recipient) DO UPDATE SET opted_out_at = EXCLUDED.opted_out_at, opt_out_source = EXCLUDED.opt_out_source, updated_at = EXCLUDED.updated_at
       RETURNING (SELECT opted_in_at IS NOT NULL AND (opted_out_at IS NULL OR opted_out_at < opted_in_at) FROM before) AS "wasIn"`,
      [channel, recipient, at, source],
    );
    return row?.wasIn === true;
  }
}
