import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { Money } from '../../common/money/money';
import { usernameSql } from '../account/app-user.sql';
import { leagueNameSql } from '../fixtures/fixture.sql';
import type { StreakState } from './domain/records';

/** A tipster's stored record (table `record_tipster`): counters, streak state and buyer-return sums, integers in hundredths / cents. */
export interface TipsterRecordState {
  won: number;
  lost: number;
  cancelled: number;
  streaks: StreakState;
  paidCents: number;
  payoutHundredths: number;
  /** Legs with a closing odd and the sum of their CLV (legClv, ten-thousandths). */
  clvLegs: number;
  clvSum: number;
  /** Settled money-back slips and the lost ones, refunded (docs/PRODUCT-RULES.md R279). */
  moneyBack: number;
  moneyBackRefunded: number;
}

/** What a batch adds to one breakdown row (market type or league) of one tipster. */
export interface BreakdownChange {
  userId: number;
  key: string | number;
  legs: number;
  won: number;
  lost: number;
  void: number;
  profitHundredths: number;
  /** Money-back slips with a leg in the row (each slip once per row), and the refunded ones (R279). */
  moneyBack: number;
  moneyBackRefunded: number;
}

/** Stored breakdown counters as read (profit exact decimal text in units). */
export interface BreakdownRow {
  key: string;
  name: string | null;
  legs: number;
  won: number;
  lost: number;
  void: number;
  profit: string;
  money_back: number;
  money_back_refunded: number;
}

/** Everything the records read answers from, in one statement. */
export interface TipsterRecordRead {
  username: string | null;
  state: TipsterRecordState | null;
  markets: BreakdownRow[];
  leagues: BreakdownRow[];
}

const hundredths = (text: string): number => Money.parse(text).cents;
const units = (h: number): string => Money.ofCents(h).toDecimal();

/** Columns of `record_tipster` read as text, for `toState`. */
const TIPSTER_COLUMNS = `won, lost, cancelled, profit::text, peak::text, max_drawdown::text, streak_current, longest_losing, last10, paid_ksh::text, payout::text, clv_legs, clv_sum::text, money_back, money_back_refunded`;

interface TipsterDbRow {
  won: number;
  lost: number;
  cancelled: number;
  profit: string;
  peak: string;
  max_drawdown: string;
  streak_current: number;
  longest_losing: number;
  last10: string;
  paid_ksh: string;
  payout: string;
  clv_legs: number;
  clv_sum: string;
  money_back: number;
  money_back_refunded: number;
}

const toState = (r: TipsterDbRow): TipsterRecordState => ({
  won: r.won,
  lost: r.lost,
  cancelled: r.cancelled,
  streaks: {
    current: r.streak_current,
    longestLosing: r.longest_losing,
    profitHundredths: hundredths(r.profit),
    peakHundredths: hundredths(r.peak),
    maxDrawdownHundredths: hundredths(r.max_drawdown),
    last10: r.last10,
  },
  paidCents: hundredths(r.paid_ksh),
  payoutHundredths: hundredths(r.payout),
  clvLegs: r.clv_legs,
  clvSum: Number(r.clv_sum),
  moneyBack: r.money_back,
  moneyBackRefunded: r.money_back_refunded,
});

/**
 * SQL of the records tables (`record_slip`, `record_tipster`, `record_market`, `record_league`;
 * docs/ARCHITECTURE.md "Table ownership"). The figures are RecordsService's, from the pure rules.
 */
@Injectable()
export class RecordsRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** Marks `slips` counted inside the caller's transaction; returns the ids not counted before (idempotency). */
  async claim(em: EntityManager, slips: { id: number; user_id: number }[]): Promise<Set<number>> {
    const rows: { slip_id: number }[] = await em.query(
      `INSERT INTO record_slip (slip_id, user_id) SELECT * FROM unnest($1::int[], $2::int[])
       ON CONFLICT (slip_id) DO NOTHING RETURNING slip_id`,
      [slips.map((s) => s.id), slips.map((s) => s.user_id)],
    );
    return new Set(rows.map((r) => Number(r.slip_id)));
  }

  /** Locks the record rows of `userIds` (creating missing ones) in user id order; returns their state. */
  async lockTipsters(
    em: EntityManager,
    userIds: number[],
  ): Promise<Map<number, TipsterRecordState>> {
    const users = [...new Set(userIds)].sort((a, b) => a - b);
    await em.query(
      `INSERT INTO record_tipster (user_id) SELECT unnest($1::int[]) ON CONFLICT (user_id) DO NOTHING`,
      [users],
    );
    const rows: (TipsterDbRow & { user_id: number })[] = await em.query(
      `SELECT user_id, ${TIPSTER_COLUMNS} FROM record_tipster WHERE user_id = ANY($1::int[]) ORDER BY user_id FOR UPDATE`,
      [users],
    );
    return new Map(rows.map((r) => [Number(r.user_id), toState(r)]));
  }

  /** Stores the new states of rows locked by `lockTipsters` (one statement). */
  async writeTipsters(em: EntityManager, states: Map<number, TipsterRecordState>): Promise<void> {
    const list = [...states.entries()].sort(([a], [b]) => a - b);
    const col = <T>(f: (s: TipsterRecordState) => T) => list.map(([, s]) => f(s));
    await em.query(
      `UPDATE record_tipster AS r SET
         won = v.won, lost = v.lost, cancelled = v.cancelled, profit = v.profit, peak = v.peak, max_drawdown = v.dd,
         streak_current = v.cur, longest_losing = v.ll, last10 = v.last10, paid_ksh = v.paid, payout = v.payout,
         clv_legs = v.clv_legs, clv_sum = v.clv_sum, money_back = v.mb, money_back_refunded = v.mb_refunded, updated_at = now()
         FROM unnest($1::int[], $2::int[], $3::int[], $4::int[], $5::numeric[], $6::numeric[], $7::numeric[], $8::int[], $9::int[],
                     $10::text[], $11::numeric[], $12::numeric[], $13::int[], $14::bigint[], $15::int[], $16::int[])
           AS v (user_id, won, lost, cancelled, profit, peak, dd, cur, ll, last10, paid, payout, clv_legs, clv_sum, mb, mb_refunded)
        WHERE r.user_id = v.user_id`,
      [
        list.map(([u]) => u),
        col((s) => s.won),
        col((s) => s.lost),
        col((s) => s.cancelled),
        col((s) => units(s.streaks.profitHundredths)),
        col((s) => units(s.streaks.peakHundredths)),
        col((s) => units(s.streaks.maxDrawdownHundredths)),
        col((s) => s.streaks.current),
        col((s) => s.streaks.longestLosing),
        col((s) => s.streaks.last10),
        col((s) => units(s.paidCents)),
        col((s) => units(s.payoutHundredths)),
        col((s) => s.clvLegs),
        col((s) => s.clvSum),
        col((s) => s.moneyBack),
        col((s) => s.moneyBackRefunded),
      ],
    );
  }

  /** Adds `changes` to the market-type (`record_market`) or league (`record_league`) breakdown, rows in key order. */
  async addBreakdown(
    em: EntityManager,
    by: 'market' | 'league',
    changes: BreakdownChange[],
  ): Promise<void> {
    if (!changes.length) return;
    const [table, key, type] =
      by === 'market'
        ? ['record_market', 'market_type', 'text']
        : ['record_league', 'league_id', 'int'];
    const list = [...changes].sort(
      (a, b) => a.userId - b.userId || String(a.key).localeCompare(String(b.key)),
    );
    await em.query(
      `INSERT INTO ${table} (user_id, ${key}, legs, won, lost, void, profit, money_back, money_back_refunded)
       SELECT * FROM unnest($1::int[], $2::${type}[], $3::int[], $4::int[], $5::int[], $6::int[], $7::numeric[], $8::int[], $9::int[])
       ON CONFLICT (user_id, ${key}) DO UPDATE SET legs = ${table}.legs + EXCLUDED.legs, won = ${table}.won + EXCLUDED.won,
         lost = ${table}.lost + EXCLUDED.lost, void = ${table}.void + EXCLUDED.void, profit = ${table}.profit + EXCLUDED.profit,
         money_back = ${table}.money_back + EXCLUDED.money_back, money_back_refunded = ${table}.money_back_refunded + EXCLUDED.money_back_refunded`,
      [
        list.map((c) => c.userId),
        list.map((c) => c.key),
        list.map((c) => c.legs),
        list.map((c) => c.won),
        list.map((c) => c.lost),
        list.map((c) => c.void),
        list.map((c) => units(c.profitHundredths)),
        list.map((c) => c.moneyBack),
        list.map((c) => c.moneyBackRefunded),
      ],
    );
  }

  /** One statement: the username of `userId`, its stored record (null before its first settled slip) and both breakdowns. */
  async read(userId: number): Promise<TipsterRecordRead> {
    const [row] = await this.ds.query(
      `SELECT (${usernameSql('$1::int')}) AS username,
              (SELECT row_to_json(t) FROM (SELECT ${TIPSTER_COLUMNS} FROM record_tipster WHERE user_id = $1) t) AS state,
              (SELECT coalesce(json_agg(json_build_object('key', m.market_type, 'name', null, 'legs', m.legs, 'won', m.won, 'lost', m.lost,
                        'void', m.void, 'profit', m.profit::text, 'money_back', m.money_back, 'money_back_refunded', m.money_back_refunded)
                        ORDER BY m.market_type), '[]'::json)
                 FROM record_market m WHERE m.user_id = $1) AS markets,
              (SELECT coalesce(json_agg(json_build_object('key', l.league_id::text, 'name', (${leagueNameSql('l.league_id')}), 'legs', l.legs,
                        'won', l.won, 'lost', l.lost, 'void', l.void, 'profit', l.profit::text, 'money_back', l.money_back,
                        'money_back_refunded', l.money_back_refunded) ORDER BY l.legs DESC, l.league_id), '[]'::json)
                 FROM record_league l WHERE l.user_id = $1) AS leagues`,
      [userId],
    );
    return {
      username: row.username,
      state: row.state ? toState(row.state) : null,
      markets: row.markets,
      leagues: row.leagues,
    };
  }

  /** The marketplace's settled-slip counters: sums of every tipster's record (one statement). */
  async marketplaceTotals(): Promise<{ won: number; lost: number; cancelled: number }> {
    const [row] = (await this.ds.query(
      `SELECT coalesce(sum(won), 0)::int AS won, coalesce(sum(lost), 0)::int AS lost, coalesce(sum(cancelled), 0)::int AS cancelled FROM record_tipster`,
    )) as { won: number; lost: number; cancelled: number }[];
    return row;
  }
}
