import { nairobiMidnight } from '../../../common/time/nairobi';

/** One leg of an exported finished slip. Odds are decimal strings ('1.85'); `score` 'h-a' or null. */
export interface ExportLeg {
  fixture: string;
  home_team: string;
  away_team: string;
  /** Market type and value ('1X2', 'HOME WIN') and its catalogue id. */
  market_id: number;
  market_type: string | null;
  market: string | null;
  quoted_odd: string;
  /** Closing odd of the same selection; null when not stored. */
  closing_odd: string | null;
  result: string | null;
  score: string | null;
}

/**
 * One exported slip (docs/PRODUCT-RULES.md "Records and responsible gambling"): `legs` only once
 * the slip is finished; a slip on sale is listed with `legs: null` (its picks and odds never appear).
 * Times are Nairobi ISO; `price_ksh` whole Ksh; `accumulator` the quoted total decimal odds.
 */
export interface ExportSlip {
  id: number;
  tipster: string;
  published_at: string;
  first_kickoff: string | null;
  price_ksh: number;
  accumulator: string;
  status: 'on_sale' | 'won' | 'lost' | 'cancelled';
  legs: ExportLeg[] | null;
  /** The SHA-256 commitment made at publishing (64 hex), null for a slip without one. */
  commitment: string | null;
  /**
   * The slip's leaf index in the transparency log (docs/PRODUCT-RULES.md "Transparency log"),
   * null while not logged; its proof is at `log_proof`.
   */
  log_index: number | null;
  /** Path of the slip's inclusion proof: `/api/log/proof/inclusion?index=<log_index>`, null while not logged. */
  log_proof: string | null;
}

/** The export's path of the inclusion proof of leaf `logIndex` (null → null). */
export const logProofPath = (logIndex: number | null): string | null =>
  logIndex === null ? null : `/api/log/proof/inclusion?index=${logIndex}`;

/** Status of a slip from its stored result (W, L, C or null on sale). */
export const exportStatus = (slipResult: string | null): ExportSlip['status'] =>
  slipResult === 'W'
    ? 'won'
    : slipResult === 'L'
      ? 'lost'
      : slipResult === 'C'
        ? 'cancelled'
        : 'on_sale';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * `?from=&to=` (YYYY-MM-DD, Africa/Nairobi days, both inclusive) as the instants [from 00:00,
 * day after `to` 00:00) on publish time; a missing bound is null.
 * @throws RangeError with the 400 message for a malformed or impossible date, or `from` after `to`.
 */
export const exportRange = (from?: string, to?: string): { from: Date | null; to: Date | null } => {
  const day = (name: string, v: string | undefined): Date | null => {
    if (v === undefined || v === '') return null;
    if (!DAY.test(v)) throw new RangeError(`${name} must be a date YYYY-MM-DD`);
    try {
      return nairobiMidnight(v);
    } catch {
      throw new RangeError(`${name} must be a date YYYY-MM-DD`);
    }
  };
  const start = day('from', from);
  const end = day('to', to);
  if (start && end && start > end) throw new RangeError('from must not be after to');
  return { from: start, to: end ? new Date(end.getTime() + 24 * 3600_000) : null };
};

/** CSV columns, one row per leg (a slip on sale: one row, leg columns empty); the slip's commitment and log index close each row. */
export const EXPORT_CSV_COLUMNS = [
  'slip_id',
  'tipster',
  'published_at',
  'first_kickoff',
  'price_ksh',
  'accumulator',
  'status',
  'leg',
  'fixture',
  'home_team',
  'away_team',
  'market_id',
  'market_type',
  'market',
  'quoted_odd',
  'closing_odd',
  'result',
  'score',
  'commitment',
  'log_index',
] as const;

/** One CSV field (RFC 4180): quoted when it holds a comma, quote, CR or LF, quotes doubled; null → empty. */
export const csvField = (v: string | number | null): string => {
  if (v === null) return '';
  const s = String(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

/** The CSV lines of one slip, each ending in CRLF. */
export const exportCsvLines = (s: ExportSlip): string => {
  const head = [
    s.id,
    s.tipster,
    s.published_at,
    s.first_kickoff,
    s.price_ksh,
    s.accumulator,
    s.status,
  ];
  const legs: (string | number | null)[][] = s.legs?.length
    ? s.legs.map((l, i) => [
        i + 1,
        l.fixture,
        l.home_team,
        l.away_team,
        l.market_id,
        l.market_type,
        l.market,
        l.quoted_odd,
        l.closing_odd,
        l.result,
        l.score,
      ])
    : [Array(11).fill(null)];
  return legs
    .map((leg) => [...head, ...leg, s.commitment, s.log_index].map(csvField).join(',') + '\r\n')
    .join('');
};
