import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { Money } from '../../common/money/money';

/** The last B2C float report (docs/PRODUCT-RULES.md R195): Utility Account available balance, when and from what. */
export interface FloatReport {
  utilityAvailable: Money;
  reportedAt: Date;
  source: string;
}

/** Finance's SQL on its `b2c_float` table (docs/ARCHITECTURE.md "Table ownership"): one row, the newest report wins. */
@Injectable()
export class B2cFloatRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** The last report, or null when Daraja never reported one. */
  async latest(): Promise<FloatReport | null> {
    const [row] = (await this.ds.query(
      `SELECT utility_available::text AS amount, reported_at, source FROM b2c_float WHERE id = 1`,
    )) as {
      amount: string;
      reported_at: Date;
      source: string;
    }[];
    return row
      ? {
          utilityAvailable: Money.parse(row.amount),
          reportedAt: new Date(row.reported_at),
          source: row.source,
        }
      : null;
  }

  /** Stores `report` unless a newer one is stored (reports can arrive out of order). */
  async record(report: FloatReport): Promise<void> {
    await this.ds.query(
      `INSERT INTO b2c_float (id, utility_available, reported_at, source) VALUES (1, $1, $2, $3)
       ON CONFLICT (id) DO UPDATE SET utility_available = EXCLUDED.utility_available, reported_at = EXCLUDED.reported_at, source = EXCLUDED.source
        WHERE b2c_float.reported_at <= EXCLUDED.reported_at`,
      [report.utilityAvailable.toDecimal(), report.reportedAt.toISOString(), report.source],
    );
  }
}
