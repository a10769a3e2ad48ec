import { toGameDate } from '../fixtures/fixtures.mapper';
import type { SlipResponse } from '../slip/slip.mapper';
import type { JackpotScore } from './domain/jackpot-score';
import { jackpotSlug, JackpotCompany, JackpotType } from './domain/jackpot-slug';
import type { Jackpot } from './entities/jackpot.entity';

/**
 * A jackpot as GET /api/jackpot/get-all-jackpots answers it (docs/PRODUCT-RULES.md R118; the
 * frontend's `Jackpot` type in frontend/src/api/types.ts).
 */
export interface JackpotResponse {
  company: JackpotCompany;
  type: JackpotType;
  /**
   * The slip to buy, in the slip shape of docs/PRODUCT-RULES.md R114 (slip module mapper): picks
   * hidden until settled.
   */
  slip: SlipResponse;
  /** Total odds of the slip, decimal string ('8123.40'). */
  todaysOdd: string;
  /** Ksh, decimal string ('199.00'). */
  price: string;
  title: string;
  description: string;
  /** Earliest kick-off still to come, Nairobi ISO time ('2026-11-28T15:00:00+03:00'), or null. */
  next_match: string | null;
  /** Once every game is decided: tips won / tips counted, void games apart ('11/17', '11/16 (1 void)'); null while games remain. */
  score: string | null;
}

/** One current jackpot with its rendered slip and next kick-off. */
export const toJackpotResponse = (
  j: Jackpot,
  slip: SlipResponse,
  nextMatch: Date | null,
  score: JackpotScore | null,
): JackpotResponse => ({
  company: j.company,
  type: j.type,
  slip,
  todaysOdd: j.todaysOdd,
  price: j.price.toDecimal(),
  title: j.title,
  description: j.description,
  next_match: nextMatch ? toGameDate(nextMatch) : null,
  score: score?.text ?? null,
});

/** One past round as GET /api/jackpot/history answers it (docs/PRODUCT-RULES.md "Jackpots"). */
export interface JackpotHistoryItem {
  /** Jackpot id: pass the last one as `before` for the next page. */
  id: number;
  company: JackpotCompany;
  type: JackpotType;
  title: string;
  /** The jackpot's /jackpot/{slug} page segment ('sportpesa-mega-jackpot'). */
  slug: string;
  /** Earliest kick-off of its games, Nairobi ISO time ('2026-11-28T15:00:00+03:00'), or null when unknown. */
  first_kickoff: string | null;
  /** Number of games. */
  games: number;
  /** '11/17', or '11/16 (1 void)': tips won / tips counted, void games left out of both. */
  score: string;
  won: number;
  /** Games counted in the score (void ones left out). */
  counted: number;
  void: number;
}

/** A settled jackpot as a history row. */
export const toJackpotHistoryItem = (
  j: Jackpot,
  games: number,
  firstKickoff: Date | null,
  score: JackpotScore,
): JackpotHistoryItem => ({
  id: j.id,
  company: j.company,
  type: j.type,
  title: j.title,
  slug: jackpotSlug(j.company, j.type),
  first_kickoff: firstKickoff ? toGameDate(firstKickoff) : null,
  games,
  score: score.text,
  won: score.won,
  counted: score.counted,
  void: score.void,
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
