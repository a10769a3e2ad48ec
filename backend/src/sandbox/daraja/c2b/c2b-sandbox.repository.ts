import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { query } from '../../common/sql';

/** URLs registered for a short code (docs/PROVIDERS.md "Daraja C2B"). */
export interface C2bUrls {
  shortCode: string;
  responseType: string;
  confirmationUrl: string;
  validationUrl: string;
  version: string;
}

/** The Daraja sandbox's C2B registrations (`sandbox_c2b_url`). */
@Injectable()
export class C2bSandboxRepository {
  constructor(private readonly ds: DataSource) {}

  /** Registers (or replaces) the URLs of `urls.shortCode`. */
  async register(urls: C2bUrls): Promise<void> {
    await this.ds.query(
      `INSERT INTO sandbox_c2b_url (short_code, response_type, confirmation_url, validation_url, version)
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (short_code) DO UPDATE SET response_type = EXCLUDED.response_type, confirmation_url = EXCLUDED.confirmation_url,
         validation_url = EXCLUDED.validation_url, version = EXCLUDED.version, registered_at = now()`,
      [urls.shortCode, urls.responseType, urls.confirmationUrl, urls.validationUrl, urls.version],
    );
  }

  /** The URLs registered for `shortCode`, or null. */
  async urlsOf(shortCode: string): Promise<C2bUrls | null> {
    const [row] = await query<{
      short_code: string;
      response_type: string;
      confirmation_url: string;
      validation_url: string;
      version: string;
    }>(
      this.ds,
      `SELECT short_code, response_type, confirmation_url, validation_url, version FROM sandbox_c2b_url WHERE short_code = $1`,
      [shortCode],
    );
    return row
      ? {
          shortCode: row.short_code,
          responseType: row.response_type,
          confirmationUrl: row.confirmation_url,
          validationUrl: row.validation_url,
          version: row.version,
        }
      : null;
  }
}
