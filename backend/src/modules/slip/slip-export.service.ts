import { Injectable } from '@nestjs/common';
import { Money } from '../../common/money/money';
import { toNairobiIso } from '../../common/time/nairobi';
import { AccountService } from '../account/account.service';
import { marketById } from '../fixtures/domain/markets';
import { FixturesService } from '../fixtures/fixtures.service';
import { toGameDate } from '../fixtures/fixtures.mapper';
import {
  EXPORT_CSV_COLUMNS,
  csvField,
  exportCsvLines,
  ExportSlip,
  exportRange,
  exportStatus,
  logProofPath,
} from './domain/slip-export';
import { SlipError, SlipErrorCode } from './slip.errors';
import { ExportFilter, SlipRepository } from './slip.repository';

/** Slips read per keyset page: the export holds at most one page in memory (docs/PERFORMANCE.md). */
export const EXPORT_PAGE_SIZE = 500;

/** `?tipster=&from=&to=` of the export routes. */
export interface ExportQuery {
  tipster?: string;
  from?: string;
  to?: string;
}

/**
 * The public export of published slips (docs/PRODUCT-RULES.md "Records and responsible gambling"):
 * every tipster slip, oldest first, read by keyset pages of EXPORT_PAGE_SIZE and written as they
 * are read (CSV or a JSON array), never all rows in memory. Finished slips carry their legs; slips
 * on sale are listed without legs, so no pick or per-leg odd of a slip on sale ever appears.
 */
@Injectable()
export class SlipExportService {
  constructor(
    private readonly repo: SlipRepository,
    private readonly fixtures: FixturesService,
    private readonly accounts: AccountService,
  ) {}

  /**
   * Checks the query and resolves the tipster before anything is written.
   * @throws SlipError BAD_EXPORT_RANGE (400 {message}) for a bad date, USER_NOT_FOUND (404) for an unknown tipster.
   */
  async filter(q: ExportQuery): Promise<ExportFilter> {
    let range: { from: Date | null; to: Date | null };
    try {
      range = exportRange(q.from, q.to);
    } catch (err) {
      throw new SlipError(SlipErrorCode.BAD_EXPORT_RANGE, {}, (err as Error).message);
    }
    if (q.tipster === undefined || q.tipster === '') return range;
    const userId = await this.accounts.idByUsername(q.tipster);
    if (userId === null) throw new SlipError(SlipErrorCode.USER_NOT_FOUND);
    return { ...range, userId };
  }

  /** The slips under `f`, one keyset page at a time, in export shape. */
  async *slips(f: ExportFilter): AsyncGenerator<ExportSlip> {
    let after: { at: string; id: number } | null = null;
    for (;;) {
      const { slips, tips } = await this.repo.exportPage(f, after, EXPORT_PAGE_SIZE);
      if (!slips.length) return;
      const fixtureIds = [
        ...new Set([
          ...tips.map((t) => t.fixtureId),
          ...slips.flatMap((s) => s.firstFixture ?? []),
        ]),
      ];
      const games = new Map((await this.fixtures.games(fixtureIds)).map((g) => [g.id, g]));
      const bySlip = new Map<number, typeof tips>();
      for (const t of tips) bySlip.set(t.slipId, [...(bySlip.get(t.slipId) ?? []), t]);
      for (const s of slips) {
        const first = s.firstFixture ? games.get(s.firstFixture) : undefined;
        const finished = s.slipResult !== null;
        yield {
          id: s.id,
          tipster: s.username,
          published_at: toNairobiIso(new Date(s.dateCreated)),
          first_kickoff: first ? toGameDate(first.gameDate) : null,
          price_ksh: Money.parse(s.price).cents / 100,
          accumulator: s.accumulator,
          status: exportStatus(s.slipResult),
          legs: finished
            ? (bySlip.get(s.id) ?? []).map((t) => {
                const game = games.get(t.fixtureId);
                const market = marketById(t.marketId);
                const score = game?.state.score ?? null;
                return {
                  fixture: t.fixtureId,
                  home_team: game?.homeTeam ?? '',
                  away_team: game?.awayTeam ?? '',
                  market_id: t.marketId,
                  market_type: market?.type ?? null,
                  market: market?.value ?? null,
                  quoted_odd: t.odd,
                  closing_odd: t.closing,
                  result: t.result,
                  score: score ? `${score.home}-${score.away}` : null,
                };
              })
            : null,
          commitment: s.commitment,
          log_index: s.logIndex === null ? null : Number(s.logIndex),
          log_proof: logProofPath(s.logIndex === null ? null : Number(s.logIndex)),
        };
      }
      const last = slips[slips.length - 1];
      after = { at: last.at, id: last.id };
      if (slips.length < EXPORT_PAGE_SIZE) return;
    }
  }

  /** CSV text chunks: the header row, then one chunk per page of slips (CRLF lines, RFC 4180 quoting). */
  async *csv(f: ExportFilter): AsyncGenerator<string> {
    yield EXPORT_CSV_COLUMNS.map(csvField).join(',') + '\r\n';
    let chunk = '';
    let n = 0;
    for await (const s of this.slips(f)) {
      chunk += exportCsvLines(s);
      if (++n % 100 === 0) {
        yield chunk;
        chunk = '';
      }
    }
    if (chunk) yield chunk;
  }

  /** JSON text chunks of one array of slips. */
  async *json(f: ExportFilter): AsyncGenerator<string> {
    yield '[';
    let n = 0;
    let chunk = '';
    for await (const s of this.slips(f)) {
      chunk += (n ? ',' : '') + JSON.stringify(s);
      if (++n % 100 === 0) {
        yield chunk;
        chunk = '';
      }
    }
    yield chunk + ']';
  }
}
