import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { appUserJoin } from '../account/app-user.sql';
import {
  closingOddSql,
  fixtureJoin,
  FixtureJsonRow,
  fixturesJsonSql,
} from '../fixtures/fixture.sql';
import { paidSlipSalesSql } from '../processor/purchase.sql';
import { tipsterStatLeftJoin, topTipsterIdsSql } from '../tipster-stats/tipster-stat.sql';
import { Slip, type SlipResultCode } from './entities/slip.entity';
import { Tip, type TipResultCode } from './entities/tip.entity';
import { LEADERBOARD_MIN_SETTLED } from './slip.constants';
import { newCommitmentSalt, slipCommitment } from './domain/slip-commitment';
import { logLeafLeftJoin, notLoggedSql } from '../transparency/transparency-leaf.sql';
import { TransparencyLogService } from '../transparency/transparency-log.service';

/** A slip row with what its card shows of the tipster. */
export interface SlipRow {
  id: number;
  userId: number;
  username: string;
  avatarFile: string | null;
  rating: string;
  /** The tipster's settled (won + lost) slips and profit in units (tipster-stats' counters; 0 before the first). */
  tipsterWon: number;
  tipsterLost: number;
  tipsterProfit: string;
  price: string;
  accumulator: string;
  settledAccumulator: string | null;
  jackpot: boolean;
  /** Money back if the slip loses (docs/PRODUCT-RULES.md R240). */
  moneyBack: boolean;
  slipResult: SlipResultCode | null;
  dateCreated: Date;
  settledAt: Date | null;
  /** SHA-256 commitment of the picks (64 hex), null only for rows written outside publishing. */
  commitment: string | null;
  /** The commitment's salt (64 hex); the API reveals it once the slip is finished. */
  commitSalt: string | null;
}

export interface TipRow {
  slipId: number;
  fixtureId: string;
  marketId: number;
  odd: string;
  result: TipResultCode | null;
}

/** Filters of the active list (GET /v2/api/slip/data/); the finished list takes `userId` only. */
export interface ActiveFilter {
  userId?: number;
  homeTeam?: string;
  awayTeam?: string;
  /** Only slips of the leaderboard's top tipsters. */
  top?: boolean;
}

/** `top=1`: slips of the first 20 of the overall leaderboard (stored rating desc, LEADERBOARD_MIN_SETTLED settled slips minimum). */
export const TOP_TIPSTERS = 20;

/**
 * The two public slip lists: `active` (unsettled, newest first: date_created DESC, id DESC) and
 * `finished` (settled, latest settled first: settled_at DESC, id DESC). Jackpot slips are in neither.
 */
export type SlipListKind = 'active' | 'finished';

/** Sort column of each list (then `s.id`, both descending). */
const SORT_COLUMN: Record<SlipListKind, string> = {
  active: 's.date_created',
  finished: 's.settled_at',
};

/**
 * A row's place in a list's order: its sort timestamp as exact UTC text with microseconds
 * ('2026-11-23T09:00:00.123456Z'; null when the column is null) and its id.
 */
export interface ListKey {
  at: string | null;
  id: number;
}

/**
 * Where a page starts: right after `key`, the list's row number `offset` (1-based); by that row
 * number alone (OFFSET) when `key` is null.
 */
export interface PageStart {
  key: ListKey | null;
  offset: number;
}

/** A slip of a page: id and tipster (the reader's own slips are shown with picks). */
export interface PageRow {
  id: number;
  userId: number;
}

/**
 * A published slip as the public export reads it
 * (docs/PRODUCT-RULES.md "Records and responsible gambling").
 */
export interface ExportSlipRow {
  id: number;
  username: string;
  price: string;
  accumulator: string;
  slipResult: SlipResultCode | null;
  dateCreated: Date;
  /** The fixture of its earliest kick-off (shown date comes from the fixtures module). */
  firstFixture: string | null;
  /** Keyset position: date_created as exact UTC text. */
  at: string;
  /** SHA-256 commitment of the picks (64 hex), null only for rows written outside publishing. */
  commitment: string | null;
  /** Index of the slip's leaf in the transparency log (decimal text), null while not logged. */
  logIndex: string | null;
}

/** Filter of the export: one tipster and/or publish time in [from, to). */
export interface ExportFilter {
  userId?: number;
  from: Date | null;
  to: Date | null;
}

/**
 * A slip row (SlipRow) with its tipster's name, avatar and stored figures; append the WHERE clause.
 * Other modules' tables through their fragments (appUserJoin, tipsterStatLeftJoin).
 */
const SLIP_ROWS = `SELECT s.id, s.user_id AS "userId", u.username, u.avatar_file AS "avatarFile",
       coalesce(st.rating, 0)::text AS rating, coalesce(st.won, 0)::int AS "tipsterWon", coalesce(st.lost, 0)::int AS "tipsterLost",
       coalesce(st.profit, 0)::text AS "tipsterProfit", s.price_ksh::text AS price, s.accumulator::text AS accumulator,
       s.settled_accumulator::text AS "settledAccumulator", s.jackpot, s.money_back AS "moneyBack", s.slip_result AS "slipResult",
       s.date_created AS "dateCreated", s.settled_at AS "settledAt",
       s.commitment, s.commit_salt AS "commitSalt"
  FROM slip s ${appUserJoin('u', 's.user_id')} ${tipsterStatLeftJoin('st', 's.user_id')}`;

/** The TipRow columns of a tip aliased `t`. */
const TIP_COLUMNS = `t.slip_id AS "slipId", t.fixture_id::text AS "fixtureId", t.market_id AS "marketId", t.odd::text AS odd, t.result`;

/** What SlipRepository.profile reads for a tipster's profile. */
/** One row of the profile query's series JSON (the settled accumulator is null on slips settled before it was stored). */
interface SeriesRow {
  id: number;
  slipResult: 'W' | 'L';
  settledAccumulator: string | null;
  accumulator: string;
  settledAt: string;
}

export interface ProfileRows {
  /** The tipster-stats module's stored counters, zeros before the first slip. */
  counters: { tips: number; won: number; lost: number };
  /** The stored profit and odds sums (units, exact decimal text; '0' before the first settled slip). */
  sums: { profit: string; oddsSum: string };
  /**
   * The tipster's last `seriesSize` settled W / L slips (jackpot slips left out), oldest first:
   * what the profile's profit curve is drawn from (tipster-stats' profitSeries, anchored at `sums.profit`).
   */
  series: { slipResult: 'W' | 'L'; settledAccumulator: string; settledAt: string }[];
  /** W and L slips settled since the month's start (mw, ml) and since the week's start (ww, wl): plain counts, the ratings are the caller's (ratingOf). */
  periods: { mw: number; ml: number; ww: number; wl: number };
  /** Ids of the first slips of the active and finished lists, in list order. */
  activeIds: number[];
  finishedIds: number[];
  /** Those slips (any order) and their tips (by slip, in slip order). */
  slips: SlipRow[];
  tips: TipRow[];
  /** Their tips' fixtures, for FixturesService.fromRows. */
  fixtures: FixtureJsonRow[];
}

/** A timestamptz column as exact UTC text with microseconds, whatever the session's TimeZone / DateStyle. */
const UTC_TEXT = (column: string): string =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * SQL of tables `slip` and `tip` outside settlement (docs/ARCHITECTURE.md "Table ownership"): the
 * lists, hand-written (docs/ARCHITECTURE.md "Speed"): page the ids on an index matching the filter
 * and sort — by keyset after the previous page's last row (SlipPageIndex finds and keeps the page
 * ends per list generation) — then load those slips and their tips by `id = ANY($1)`; premium
 * slips; and publishing's writes. Other modules' tables only through their exported fragments
 * (fixtureJoin, appUserJoin, paidSlipSalesSql), so each list stays one statement.
 */
@Injectable()
export class SlipRepository {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly log: TransparencyLogService,
  ) {}

  /**
   * WHERE clause of list `kind` under `f` (finished lists take `userId` only), with its parameters.
   * Jackpot slips are the platform's weekly predictions (jackpot module), never a tipster's list entry.
   */
  private listWhere(kind: SlipListKind, f: ActiveFilter): { cond: string; params: unknown[] } {
    const where = [
      kind === 'active' ? 's.slip_result IS NULL' : 's.slip_result IS NOT NULL',
      'NOT s.jackpot',
    ];
    const params: unknown[] = [];
    if (f.userId !== undefined) {
      params.push(f.userId);
      where.push(`s.user_id = $${params.length}`);
    }
    if (kind === 'finished') return { cond: where.join(' AND '), params };
    if (f.homeTeam) {
      params.push(f.homeTeam);
      where.push(
        `EXISTS (SELECT 1 FROM tip t ${fixtureJoin('fx', 't.fixture_id')} WHERE t.slip_id = s.id AND lower(fx.home_team) = lower($${params.length}))`,
      );
    }
    if (f.awayTeam) {
      params.push(f.awayTeam);
      where.push(
        `EXISTS (SELECT 1 FROM tip t ${fixtureJoin('fx', 't.fixture_id')} WHERE t.slip_id = s.id AND lower(fx.away_team) = lower($${params.length}))`,
      );
    }
    if (f.top) {
      where.push(`s.user_id IN (${topTipsterIdsSql(LEADERBOARD_MIN_SETTLED, TOP_TIPSTERS)})`);
    }
    return { cond: where.join(' AND '), params };
  }

  /** Number of slips in list `kind` under `f`. */
  async count(kind: SlipListKind, f: ActiveFilter): Promise<number> {
    const { cond, params } = this.listWhere(kind, f);
    const [row] = await this.ds.query(
      `SELECT count(*)::int AS n FROM slip s WHERE ${cond}`,
      params,
    );
    return row.n;
  }

  /**
   * The keys of the last rows of the next `pages` full pages of `pageSize` of list `kind` under
   * `f`, from the start or right after `start`, in one scan of just those rows (fewer when the list
   * ends first). Page p + 1 starts right after the last key of page p.
   */
  async pageEnds(
    kind: SlipListKind,
    f: ActiveFilter,
    pageSize: number,
    start: PageStart | null,
    pages: number,
  ): Promise<ListKey[]> {
    const { cond, params } = this.listWhere(kind, f);
    const sort = SORT_COLUMN[kind];
    const { seek, offset } = this.after(sort, start, params);
    params.push(pageSize);
    const rows: ListKey[] = await this.ds.query(
      `SELECT ${UTC_TEXT('x.at')} AS at, x.id
         FROM (SELECT ${sort} AS at, s.id, row_number() OVER (ORDER BY ${sort} DESC, s.id DESC) AS rn
                 FROM (SELECT ${sort}, s.id FROM slip s WHERE ${cond}${seek}
                        ORDER BY ${sort} DESC, s.id DESC LIMIT ${Number(pages) * Number(pageSize)}${offset}) s) x
        WHERE x.rn % $${params.length} = 0
        ORDER BY x.rn`,
      params,
    );
    return rows;
  }

  /** The keyset condition (or, for a start whose sort key is null, the OFFSET) of rows after `start`; pushes its parameters. */
  private after(
    sort: string,
    start: PageStart | null,
    params: unknown[],
  ): { seek: string; offset: string } {
    if (!start) return { seek: '', offset: '' };
    if (start.key === null || start.key.at === null)
      return { seek: '', offset: ` OFFSET ${Number(start.offset)}` };
    params.push(start.key.at, start.key.id);
    return {
      seek: ` AND (${sort}, s.id) < ($${params.length - 1}::timestamptz, $${params.length}::int)`,
      offset: '',
    };
  }

  /**
   * Up to `limit` rows of list `kind` under `f` in list order, from the start or right after
   * `after` (a keyset seek on the list's index: the same cost at page 900 as at page 1). A start
   * without a key, or whose sort timestamp is null (never written by the app), is read by OFFSET,
   * which gives the same rows.
   */
  async page(
    kind: SlipListKind,
    f: ActiveFilter,
    after: PageStart | null,
    limit: number,
  ): Promise<PageRow[]> {
    const { cond, params } = this.listWhere(kind, f);
    const sort = SORT_COLUMN[kind];
    const { seek, offset } = this.after(sort, after, params);
    const rows: PageRow[] = await this.ds.query(
      `SELECT s.id, s.user_id AS "userId" FROM slip s WHERE ${cond}${seek}
        ORDER BY ${sort} DESC, s.id DESC LIMIT ${Number(limit)}${offset}`,
      params,
    );
    return rows;
  }

  /**
   * The home page's Popular tab (docs/PRODUCT-RULES.md R98): up to `limit` active tipster slips
   * (jackpot slips left out), ranked by their paid sales in the 7 days before `now` (purchases of
   * kind 'slip', status 'paid', by paid_at), then by their tipster's rating (percent,
   * tipster-stats' counters; 0 when unrated), then newest first. One statement.
   */
  async popular(limit: number, now: Date): Promise<PageRow[]> {
    const { cond } = this.listWhere('active', {});
    return this.ds.query(
      `SELECT s.id, s.user_id AS "userId"
         FROM slip s
         ${tipsterStatLeftJoin('st', 's.user_id')}
         CROSS JOIN LATERAL (
           SELECT (${paidSlipSalesSql('s.id', "$1::timestamptz - interval '7 days'", '$1::timestamptz')}) AS n) sales
        WHERE ${cond}
        ORDER BY sales.n DESC, coalesce(st.rating, 0) DESC, s.date_created DESC, s.id DESC
        LIMIT ${Number(limit)}`,
      [now.toISOString()],
    );
  }

  /**
   * Ids of active (unsettled) tipster slips (jackpot slips left out), newest first, and the total
   * matching (home tab, profile lists; the paged public list goes through SlipPageIndex).
   */
  async pageActive(
    f: ActiveFilter,
    limit: number,
    offset: number,
  ): Promise<{ ids: number[]; total: number }> {
    return this.firstAndTotal('active', f, limit, offset);
  }

  /** Ids of settled tipster slips (jackpot slips left out), most recently settled first, and the total matching. */
  async pageFinished(
    userId: number | undefined,
    limit: number,
    offset: number,
  ): Promise<{ ids: number[]; total: number }> {
    return this.firstAndTotal('finished', { userId }, limit, offset);
  }

  private async firstAndTotal(
    kind: SlipListKind,
    f: ActiveFilter,
    limit: number,
    offset: number,
  ): Promise<{ ids: number[]; total: number }> {
    const [rows, total] = await Promise.all([
      this.page(kind, f, offset ? { key: null, offset } : null, limit),
      this.count(kind, f),
    ]);
    return { ids: rows.map((r) => r.id), total };
  }

  /** Slips by id in the order given (unknown ids left out), with their tips in slip order. */
  async load(ids: number[]): Promise<{ slips: SlipRow[]; tips: TipRow[] }> {
    if (!ids.length) return { slips: [], tips: [] };
    const [slips, tips] = await Promise.all([
      this.ds.query(`${SLIP_ROWS} WHERE s.id = ANY($1)`, [ids]),
      this.ds.query(
        `SELECT ${TIP_COLUMNS} FROM tip t WHERE t.slip_id = ANY($1) ORDER BY t.slip_id, t.position`,
        [ids],
      ),
    ]);
    const byId = new Map((slips as SlipRow[]).map((s) => [s.id, s]));
    return { slips: ids.flatMap((id) => byId.get(id) ?? []), tips };
  }

  /**
   * Everything a tipster's profile shows, in one statement whatever their number of slips
   * (docs/PRODUCT-RULES.md "Tipster statistics"): the tipster-stats module's counters (zeros before the
   * first slip; the profit and odds sums as stored), the numbers of W / L slips settled since
   * `monthStart` and since `weekStart`, the last `seriesSize` settled W / L slips (data only: the
   * ratings and the profit curve are computed by the caller with tipster-stats' `ratingOf` and
   * `profitSeries`), the ids of the first `limit`
   * slips of the tipster's active and finished lists in list order (pageActive / pageFinished), those
   * slips and their tips as `load` reads them, and their fixtures (fixtures' `fixturesJsonSql`).
   */
  async profile(
    userId: number,
    monthStart: Date,
    weekStart: Date,
    limit: number,
    seriesSize: number,
  ): Promise<ProfileRows> {
    const active = this.listWhere('active', { userId });
    const finished = this.listWhere('finished', { userId });
    const list = (kind: SlipListKind, cond: string) =>
      `SELECT s.id, row_number() OVER (ORDER BY ${SORT_COLUMN[kind]} DESC, s.id DESC) AS rn
         FROM (SELECT s.id, ${SORT_COLUMN[kind]} FROM slip s WHERE ${cond}
                ORDER BY ${SORT_COLUMN[kind]} DESC, s.id DESC LIMIT ${Number(limit)}) s`;
    const [row] = await this.ds.query(
      `WITH a AS (${list('active', active.cond)}),
            f AS (${list('finished', finished.cond)}),
            ids AS (SELECT id FROM a UNION SELECT id FROM f),
            p AS (SELECT count(*) FILTER (WHERE slip_result = 'W' AND settled_at >= $2)::int AS mw,
                         count(*) FILTER (WHERE slip_result = 'L' AND settled_at >= $2)::int AS ml,
                         count(*) FILTER (WHERE slip_result = 'W' AND settled_at >= $3)::int AS ww,
                         count(*) FILTER (WHERE slip_result = 'L' AND settled_at >= $3)::int AS wl
                    FROM slip WHERE user_id = $1 AND slip_result IS NOT NULL AND settled_at >= least($2::timestamptz, $3::timestamptz))
       SELECT coalesce(st.tips, 0)::int AS tips, coalesce(st.won, 0)::int AS won, coalesce(st.lost, 0)::int AS lost,
              coalesce(st.profit, 0)::text AS profit, coalesce(st.odds_sum, 0)::text AS "oddsSum",
              p.mw, p.ml, p.ww, p.wl,
              (SELECT coalesce(json_agg(r ORDER BY r."settledAt", r.id), '[]'::json)
                 FROM (SELECT s.id, s.slip_result AS "slipResult", s.settled_accumulator::text AS "settledAccumulator",
                              s.accumulator::text AS accumulator, s.settled_at AS "settledAt"
                         FROM slip s
                        WHERE s.user_id = $1 AND s.slip_result IS NOT NULL AND s.slip_result <> 'C' AND NOT s.jackpot
                        ORDER BY s.settled_at DESC, s.id DESC LIMIT ${Number(seriesSize)}) r) AS series,
              (SELECT coalesce(json_agg(a.id ORDER BY a.rn), '[]'::json) FROM a) AS "activeIds",
              (SELECT coalesce(json_agg(f.id ORDER BY f.rn), '[]'::json) FROM f) AS "finishedIds",
              (SELECT coalesce(json_agg(r), '[]'::json) FROM (${SLIP_ROWS} WHERE s.id IN (SELECT id FROM ids)) r) AS "slipRows",
              (SELECT coalesce(json_agg(r ORDER BY r."slipId", r.position), '[]'::json)
                 FROM (SELECT ${TIP_COLUMNS}, t.position FROM tip t WHERE t.slip_id IN (SELECT id FROM ids)) r) AS "tipRows",
              (${fixturesJsonSql('SELECT pt.fixture_id FROM tip pt WHERE pt.slip_id IN (SELECT id FROM ids)')}) AS fixtures
         FROM p ${tipsterStatLeftJoin('st', '$1')}`,
      [userId, monthStart.toISOString(), weekStart.toISOString()],
    );
    const slips = (
      row.slipRows as (Omit<SlipRow, 'dateCreated' | 'settledAt'> & {
        dateCreated: string;
        settledAt: string | null;
      })[]
    ).map((s) => ({
      ...s,
      dateCreated: new Date(s.dateCreated),
      settledAt: s.settledAt === null ? null : new Date(s.settledAt),
    }));
    return {
      counters: { tips: row.tips, won: row.won, lost: row.lost },
      sums: { profit: row.profit, oddsSum: row.oddsSum },
      // A slip settled before the settled accumulator was stored counts at its accumulator, as the weekly ranking counts it.
      series: (row.series as SeriesRow[]).map(
        ({ slipResult, settledAccumulator, accumulator, settledAt }) => ({
          slipResult,
          settledAccumulator: settledAccumulator ?? accumulator,
          settledAt: new Date(settledAt).toISOString(),
        }),
      ),
      periods: { mw: row.mw, ml: row.ml, ww: row.ww, wl: row.wl },
      activeIds: row.activeIds,
      finishedIds: row.finishedIds,
      slips,
      tips: (row.tipRows as (TipRow & { position: number })[]).map(
        ({ position: _position, ...t }) => t,
      ),
      fixtures: row.fixtures,
    };
  }

  /**
   * One keyset page of the public export: up to `limit` tipster slips (jackpot slips left out)
   * under `f`, oldest published first (date_created, id), after `after`; and the tips of the
   * finished ones only, each with the closing odd of its selection (fixtures' closingOddSql; null
   * when unknown) — the picks and odds of slips on sale are never read.
   */
  async exportPage(
    f: ExportFilter,
    after: { at: string; id: number } | null,
    limit: number,
  ): Promise<{ slips: ExportSlipRow[]; tips: (TipRow & { closing: string | null })[] }> {
    const where = ['NOT s.jackpot'];
    const params: unknown[] = [];
    const add = (cond: (n: number) => string, ...values: unknown[]) => {
      params.push(...values);
      where.push(cond(params.length));
    };
    if (f.userId !== undefined) add((n) => `s.user_id = $${n}`, f.userId);
    if (f.from) add((n) => `s.date_created >= $${n}`, f.from.toISOString());
    if (f.to) add((n) => `s.date_created < $${n}`, f.to.toISOString());
    if (after)
      add(
        (n) => `(s.date_created, s.id) > ($${n - 1}::timestamptz, $${n}::int)`,
        after.at,
        after.id,
      );
    const slips: ExportSlipRow[] = await this.ds.query(
      `SELECT s.id, u.username, s.price_ksh::text AS price, s.accumulator::text AS accumulator, s.slip_result AS "slipResult",
              s.date_created AS "dateCreated", ${UTC_TEXT('s.date_created')} AS at,
              s.commitment, tl.leaf_index::text AS "logIndex",
              (SELECT t.fixture_id::text FROM tip t ${fixtureJoin('fx', 't.fixture_id')} WHERE t.slip_id = s.id
                ORDER BY fx.kickoff, t.position LIMIT 1) AS "firstFixture"
         FROM slip s ${appUserJoin('u', 's.user_id')} ${logLeafLeftJoin('tl', 's.id')}
        WHERE ${where.join(' AND ')}
        ORDER BY s.date_created, s.id
        LIMIT ${Number(limit)}`,
      params,
    );
    const finished = slips.filter((s) => s.slipResult !== null).map((s) => s.id);
    const tips: (TipRow & { closing: string | null })[] = finished.length
      ? await this.ds.query(
          `SELECT t.slip_id AS "slipId", t.fixture_id::text AS "fixtureId", t.market_id AS "marketId", t.odd::text AS odd, t.result,
                  (${closingOddSql('t.fixture_id', 't.market_id')})::text AS closing
             FROM tip t WHERE t.slip_id = ANY($1) ORDER BY t.slip_id, t.position`,
          [finished],
        )
      : [];
    return { slips, tips };
  }

  /**
   * Ids of premium slips published in [`from`, `to`) or with a game kicking off in [`kickFrom`,
   * `kickTo`), newest first, at most `limit`.
   */
  async premiumIds(
    from: Date,
    to: Date,
    kickFrom: Date,
    kickTo: Date,
    limit: number,
  ): Promise<number[]> {
    const rows: { id: number }[] = await this.ds.query(
      `SELECT s.id FROM slip s
        WHERE s.premium
          AND ((s.date_created >= $1 AND s.date_created < $2)
            OR EXISTS (SELECT 1 FROM tip t ${fixtureJoin('f', 't.fixture_id')}
                        WHERE t.slip_id = s.id AND f.kickoff >= $3 AND f.kickoff < $4))
        ORDER BY s.date_created DESC, s.id DESC
        LIMIT ${Number(limit)}`,
      [from, to, kickFrom, kickTo],
    );
    return rows.map((r) => r.id);
  }

  /** Sets slip `id`'s premium flag, inside the caller's transaction when `em` is given. */
  async setPremium(
    id: number,
    premium: boolean,
    em: EntityManager = this.ds.manager,
  ): Promise<void> {
    await em.update(Slip, { id }, { premium });
  }

  /** Tipster slips (jackpot slips left out) `userId` published at or after `since`. */
  async publishedSince(
    userId: number,
    since: Date,
    em: EntityManager = this.ds.manager,
  ): Promise<number> {
    const [row] = await em.query(
      `SELECT count(*)::int AS n FROM slip WHERE user_id = $1 AND date_created >= $2 AND NOT jackpot`,
      [userId, since],
    );
    return row.n;
  }

  /** How many money-back slips `userId` published since `since` (docs/PRODUCT-RULES.md R248). */
  async moneyBackPublishedSince(
    userId: number,
    since: Date,
    em: EntityManager = this.ds.manager,
  ): Promise<number> {
    const [row] = await em.query(
      `SELECT count(*)::int AS n FROM slip WHERE user_id = $1 AND date_created >= $2 AND money_back`,
      [userId, since],
    );
    return row.n;
  }

  /** Serialises publishing by `userId` until the caller's transaction ends (advisory lock 6/userId). */
  async lockPublisher(em: EntityManager, userId: number): Promise<void> {
    await em.query('SELECT pg_advisory_xact_lock($1, $2)', [6, userId]);
  }

  /**
   * Inserts a slip and its tips (in the order given, positions 0…) in the caller's transaction,
   * committed to its picks (a fresh salt and slipCommitment, docs/PRODUCT-RULES.md "Records and
   * responsible gambling"). Returns the new slip id.
   */
  async insertWithTips(
    em: EntityManager,
    slip: Pick<Slip, 'userId' | 'price' | 'accumulator' | 'dateCreated'> &
      Partial<Pick<Slip, 'moneyBack'>>,
    tips: Pick<Tip, 'fixtureId' | 'marketId' | 'odd'>[],
  ): Promise<number> {
    const repo = em.getRepository(Slip);
    const saved = await repo.save(
      repo.create({
        ...slip,
        jackpot: false,
        slipResult: null,
        settledAccumulator: null,
        settledAt: null,
      }),
    );
    await em
      .getRepository(Tip)
      .insert(tips.map((t, i) => ({ ...t, slipId: saved.id, position: i, result: null })));
    await this.seal(em, saved.id);
    return saved.id;
  }

  /**
   * Commits slip `slipId` to its stored picks (a fresh salt and slipCommitment) in the caller's
   * transaction, from the tips as stored (odds with 2 decimals, as the API shows them); also for
   * slips whose tips another module writes (jackpot slips). A slip already committed keeps its
   * commitment. A new commitment is appended to the transparency log in the same transaction
   * (docs/PRODUCT-RULES.md "Transparency log"), so the slip and its leaf commit together.
   */
  async seal(em: EntityManager, slipId: number): Promise<void> {
    const tips: Pick<Tip, 'fixtureId' | 'marketId' | 'odd'>[] = await em.query(
      `SELECT fixture_id::text AS "fixtureId", market_id AS "marketId", odd::text AS odd FROM tip WHERE slip_id = $1`,
      [slipId],
    );
    const salt = newCommitmentSalt();
    const commitment = slipCommitment(slipId, tips, salt);
    // pg answers an UPDATE through query() as [rows, count].
    const [, updated] = (await em.query(
      `UPDATE slip SET commit_salt = $2, commitment = $3 WHERE id = $1 AND commitment IS NULL`,
      [slipId, salt, commitment],
    )) as [unknown, number];
    if (updated) await this.log.appendSlips(em, [{ slipId, commitment }]);
  }

  /**
   * Appends every committed slip that is not in the transparency log yet (slips committed before
   * the log existed), oldest published first (date_created, id), in one transaction holding the
   * log's lock; several processes doing it at once append each slip once. Returns how many.
   */
  async appendUnlogged(): Promise<number> {
    const sql = `SELECT s.id AS "slipId", s.commitment FROM slip s
                  WHERE s.commitment IS NOT NULL AND ${notLoggedSql('s.id')} ORDER BY s.date_created, s.id`;
    const [{ n }] = await this.ds.query(`SELECT count(*)::int AS n FROM (${sql}) x`);
    if (!n) return 0;
    return this.ds.transaction(async (em) => {
      await this.log.lock(em);
      const rows: { slipId: number; commitment: string }[] = await em.query(sql);
      if (rows.length) await this.log.appendSlips(em, rows);
      return rows.length;
    });
  }
}
