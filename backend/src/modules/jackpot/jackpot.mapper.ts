import { toGameDate } from '../fixtures/fixtures.mapper';
import type { SlipResponse } from '../slip/slip.mapper';
import type { JackpotCompany, JackpotType } from './domain/jackpot-slug';
import type { Jackpot } from './entities/jackpot.entity';

/**
 * A jackpot as GET /api/jackpot/get-all-jackpots answers it (spec §3 Jackpot; the frontend's
 * `Jackpot` type in frontend/src/api/types.ts).
 */
export interface JackpotResponse {
  company: JackpotCompany;
  type: JackpotType;
  /** The slip to buy, spec §3 Slip shape (slip module mapper): picks hidden until settled. */
  slip: SlipResponse;
  /** Total odds of the slip, decimal string ('8123.40'). */
  todaysOdd: string;
  /** Ksh, decimal string ('199.00'). */
  price: string;
  title: string;
  description: string;
  /** Earliest kick-off still to come, Nairobi ISO time ('2026-11-28T15:00:00+03:00'), or null. */
  next_match: string | null;
}

/** One current jackpot with its rendered slip and next kick-off. */
export const toJackpotResponse = (j: Jackpot, slip: SlipResponse, nextMatch: Date | null): JackpotResponse => ({
  company: j.company,
  type: j.type,
  slip,
  todaysOdd: j.todaysOdd,
  price: j.price.toDecimal(),
  title: j.title,
  description: j.description,
  next_match: nextMatch ? toGameDate(nextMatch) : null,
});

/** A jackpot as the back office shows it (`jackpots` resource). */
export interface AdminJackpot {
  id: number;
  company: JackpotCompany;
  type: JackpotType;
  slip_id: number;
  todays_odd: string;
  /** Ksh, decimal string. */
  price: string;
  title: string;
  description: string;
  /** Monday of the jackpot's ISO week (Nairobi), 'YYYY-MM-DD'. */
  week_start: string;
  current: boolean;
  created_at: string;
  updated_at: string;
}

/** Back-office record of a jackpot. */
export const toAdminJackpot = (j: Jackpot): AdminJackpot => ({
  id: j.id,
  company: j.company,
  type: j.type,
  slip_id: j.slipId,
  todays_odd: j.todaysOdd,
  price: j.price.toDecimal(),
  title: j.title,
  description: j.description,
  week_start: String(j.weekStart),
  current: j.isCurrent,
  created_at: new Date(j.createdAt).toISOString(),
  updated_at: new Date(j.updatedAt).toISOString(),
});
