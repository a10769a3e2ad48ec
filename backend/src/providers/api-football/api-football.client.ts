import {
  createHttpClient,
  HttpClient,
  HttpResponse,
  isRecord,
  parseJsonResponse,
  ProviderAuthError,
  ProviderHttpError,
  ProviderInputError,
  ProviderQuotaError,
  ProviderRateLimitError,
  ProviderResponseError,
  retryAfterMs,
  snippet,
  tryParseJson,
} from '../common/http';
import { ShapeReader, shapeReader } from '../common/shape';
import {
  ApiFootballClientOptions,
  ApiFootballFixture,
  ApiFootballGoals,
  ApiFootballOdds,
  FixturesByDateQuery,
  OddsQuery,
} from './api-football.types';

const PROVIDER = 'api-football';
const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** `ids` takes at most 20 fixtures per call (§4.2). */
const MAX_IDS_PER_CALL = 20;

type Query = Record<string, string | number | undefined>;

/**
 * API-Football v3 client (docs/PROVIDERS.md §4): fixtures by date, by ids and live, pre-match odds by
 * fixture or date following `paging.total` (10 results per page, §4.3). GET only, header
 * `x-apisports-key`; every call is idempotent (retried on network errors, timeouts, 5xx and the
 * documented 499 Time Out). Errors arrive with HTTP 200 in `errors` (§4.1) and are thrown as
 * typed errors: `token` → ProviderAuthError, `requests` → ProviderQuotaError (daily quota, wait
 * until midnight UTC), 429 / `rateLimit` → ProviderRateLimitError.
 */
export class ApiFootballClient {
  private readonly http: HttpClient;

  constructor(private readonly options: ApiFootballClientOptions) {
    if (!options.apiKey) throw new ProviderInputError(PROVIDER, 'apiKey', 'is required');
    this.http = createHttpClient(PROVIDER, options, { timeoutMs: 20_000 });
  }

  /**
   * Fixtures of one calendar day `date` (`YYYY-MM-DD` in `query.timezone`, UTC by default), §4.2.
   * @throws ProviderInputError for a bad date or a league without season; provider errors as above.
   */
  async fixturesByDate(
    date: string,
    query: FixturesByDateQuery = {},
  ): Promise<ApiFootballFixture[]> {
    checkDate(date);
    if (query.league !== undefined && query.season === undefined) {
      throw new ProviderInputError(PROVIDER, 'season', 'is required with league (§4.2)');
    }
    return this.list('/fixtures', { date, ...query }, parseFixture);
  }

  /** Fixtures by id (§4.2 `ids`, 20 per call; longer lists are split). Results sync uses it. */
  async fixturesByIds(ids: number[]): Promise<ApiFootballFixture[]> {
    for (const id of ids)
      if (!Number.isSafeInteger(id) || id <= 0)
        throw new ProviderInputError(PROVIDER, 'ids', `bad fixture id ${id}`);
    const fixtures: ApiFootballFixture[] = [];
    for (let i = 0; i < ids.length; i += MAX_IDS_PER_CALL) {
      fixtures.push(
        ...(await this.list(
          '/fixtures',
          { ids: ids.slice(i, i + MAX_IDS_PER_CALL).join('-') },
          parseFixture,
        )),
      );
    }
    return fixtures;
  }

  /** Fixtures in play now (§4.2 `live=all`, or only the given league ids `39-61`). */
  async liveFixtures(leagueIds: number[] = []): Promise<ApiFootballFixture[]> {
    return this.list(
      '/fixtures',
      { live: leagueIds.length ? leagueIds.join('-') : 'all' },
      parseFixture,
    );
  }

  /** Pre-match odds of one fixture, every page (§4.3). */
  async oddsByFixture(fixtureId: number, query: OddsQuery = {}): Promise<ApiFootballOdds[]> {
    if (!Number.isSafeInteger(fixtureId) || fixtureId <= 0)
      throw new ProviderInputError(PROVIDER, 'fixture', 'must be a fixture id');
    return this.list('/odds', { fixture: fixtureId, ...query }, parseOdds, true);
  }

  /**
   * Pre-match odds of every fixture on `date` (`YYYY-MM-DD`), following `paging.total` (10 per
   * page, §4.3) up to `maxPages`.
   */
  async oddsByDate(
    date: string,
    query: OddsQuery & { timezone?: string } = {},
  ): Promise<ApiFootballOdds[]> {
    checkDate(date);
    return this.list('/odds', { date, ...query }, parseOdds, true);
  }

  /**
   * GETs `path`, checks the envelope (§4.1), parses each `response` element; with `paged`, asks
   * `page=1..paging.total` in turn.
   */
  private async list<T>(
    path: string,
    query: Query,
    parse: (item: unknown, at: string, read: ShapeReader) => T,
    paged = false,
  ): Promise<T[]> {
    const maxPages = this.options.maxPages ?? 100;
    const items: T[] = [];
    for (let page = 1; ; page++) {
      const res = await this.http.request({
        method: 'GET',
        path,
        query: paged ? { ...query, page } : query,
        headers: { 'x-apisports-key': this.options.apiKey, Accept: 'application/json' },
        retry: 'idempotent',
        retryResponse: (r) => r.status >= 500 || r.status === 499,
      });
      if (res.status === 204) return items;
      const envelope = readEnvelope(res);
      const read = responseReader(res);
      read
        .array(envelope.response, 'response')
        .forEach((item, i) => items.push(parse(item, `response[${i}]`, read)));
      if (!paged) return items;
      const paging = read.record(envelope.paging, 'paging');
      const current = read.integer(paging.current, 'paging.current');
      const total = read.integer(paging.total, 'paging.total');
      if (current !== page)
        throw new ProviderResponseError(
          PROVIDER,
          res.status,
          `asked page ${page}, got ${current}`,
          { field: 'paging.current', outcomeUnknown: false },
        );
      if (total > maxPages)
        throw new ProviderResponseError(
          PROVIDER,
          res.status,
          `${total} pages exceed maxPages ${maxPages}`,
          { field: 'paging.total', outcomeUnknown: false },
        );
      if (page >= total) return items;
    }
  }
}

// ----- helpers -----

const checkDate = (date: string): void => {
  if (!DATE.test(date) || Number.isNaN(Date.parse(`${date}T00:00:00Z`))) {
    throw new ProviderInputError(PROVIDER, 'date', 'must be YYYY-MM-DD');
  }
};

/**
 * The envelope of a 2xx answer (§4.1), or the typed error it reports. `errors` is `[]` when
 * fine, an object `{field: message}` (or a non-empty array) when not.
 */
const readEnvelope = (res: HttpResponse): Record<string, unknown> => {
  if (res.status === 429) {
    throw new ProviderRateLimitError(
      PROVIDER,
      res.status,
      errorBody(res),
      snippet(res.text) || 'too many requests',
      {
        retryAfterMs: retryAfterMs(res.headers),
      },
    );
  }
  if (res.status < 200 || res.status >= 300) {
    const auth = res.status === 401 || res.status === 403;
    const ErrorClass = auth ? ProviderAuthError : ProviderHttpError;
    throw new ErrorClass(
      PROVIDER,
      res.status,
      errorBody(res),
      snippet(res.text) || `HTTP ${res.status}`,
      { outcomeUnknown: false },
    );
  }
  const envelope = responseReader(res).record(parseJsonResponse(PROVIDER, res), 'body');
  const errors = envelope.errors;
  const entries: [string, string][] = Array.isArray(errors)
    ? errors.map((e, i) => [String(i), typeof e === 'string' ? e : JSON.stringify(e)])
    : isRecord(errors)
      ? Object.entries(errors).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)])
      : [];
  if (!entries.length) return envelope;
  const [key, message] =
    entries.find(([k]) => ['requests', 'token', 'rateLimit'].includes(k)) ?? entries[0];
  const details = { providerCode: key, outcomeUnknown: false };
  if (key === 'requests')
    throw new ProviderQuotaError(PROVIDER, res.status, envelope, message, details);
  if (key === 'rateLimit')
    throw new ProviderRateLimitError(PROVIDER, res.status, envelope, message, details);
  if (key === 'token')
    throw new ProviderAuthError(PROVIDER, res.status, envelope, message, details);
  throw new ProviderHttpError(PROVIDER, res.status, envelope, message, details);
};

const errorBody = (res: HttpResponse): unknown => tryParseJson(res.text) ?? snippet(res.text, 500);

const parseGoals = (value: unknown, at: string, read: ShapeReader): ApiFootballGoals => {
  const goals = read.record(value, at);
  return {
    home: read.optionalInteger(goals.home, `${at}.home`) ?? null,
    away: read.optionalInteger(goals.away, `${at}.away`) ?? null,
  };
};

const parseTeam = (
  value: unknown,
  at: string,
  read: ShapeReader,
): { id: number; name: string; winner: boolean | null } => {
  const team = read.record(value, at);
  return {
    id: read.integer(team.id, `${at}.id`),
    name: read.string(team.name, `${at}.name`),
    winner: typeof team.winner === 'boolean' ? team.winner : null,
  };
};

const parseFixture = (item: unknown, at: string, read: ShapeReader): ApiFootballFixture => {
  const root = read.record(item, at);
  const fixture = read.record(root.fixture, `${at}.fixture`);
  const status = read.record(fixture.status, `${at}.fixture.status`);
  const league = read.record(root.league, `${at}.league`);
  const teams = read.record(root.teams, `${at}.teams`);
  const score = read.record(root.score, `${at}.score`);
  const parsed: ApiFootballFixture = {
    fixture: {
      id: read.integer(fixture.id, `${at}.fixture.id`),
      date: read.string(fixture.date, `${at}.fixture.date`),
      status: {
        short: read.string(status.short, `${at}.fixture.status.short`),
        elapsed: read.optionalInteger(status.elapsed, `${at}.fixture.status.elapsed`) ?? null,
      },
    },
    league: {
      id: read.integer(league.id, `${at}.league.id`),
      name: read.string(league.name, `${at}.league.name`),
      season: read.integer(league.season, `${at}.league.season`),
    },
    teams: {
      home: parseTeam(teams.home, `${at}.teams.home`, read),
      away: parseTeam(teams.away, `${at}.teams.away`, read),
    },
    goals: parseGoals(root.goals, `${at}.goals`, read),
    score: {
      halftime: parseGoals(score.halftime, `${at}.score.halftime`, read),
      fulltime: parseGoals(score.fulltime, `${at}.score.fulltime`, read),
    },
  };
  const timestamp = read.optionalInteger(fixture.timestamp, `${at}.fixture.timestamp`);
  if (timestamp !== undefined) parsed.fixture.timestamp = timestamp;
  const long = read.optionalString(status.long, `${at}.fixture.status.long`);
  if (long !== undefined) parsed.fixture.status.long = long;
  if ('extra' in status)
    parsed.fixture.status.extra =
      read.optionalInteger(status.extra, `${at}.fixture.status.extra`) ?? null;
  const country = read.optionalString(league.country, `${at}.league.country`);
  if (country !== undefined) parsed.league.country = country;
  const round = read.optionalString(league.round, `${at}.league.round`);
  if (round !== undefined) parsed.league.round = round;
  return parsed;
};

const parseOdds = (item: unknown, at: string, read: ShapeReader): ApiFootballOdds => {
  const root = read.record(item, at);
  const fixture = read.record(root.fixture, `${at}.fixture`);
  const league = read.record(root.league, `${at}.league`);
  const parsed: ApiFootballOdds = {
    fixture: { id: read.integer(fixture.id, `${at}.fixture.id`) },
    league: { id: read.integer(league.id, `${at}.league.id`) },
    bookmakers: read.array(root.bookmakers, `${at}.bookmakers`).map((b, i) => {
      const bAt = `${at}.bookmakers[${i}]`;
      const bookmaker = read.record(b, bAt);
      return {
        id: read.integer(bookmaker.id, `${bAt}.id`),
        name: read.string(bookmaker.name, `${bAt}.name`),
        bets: read.array(bookmaker.bets, `${bAt}.bets`).map((x, j) => {
          const betAt = `${bAt}.bets[${j}]`;
          const bet = read.record(x, betAt);
          return {
            id: read.integer(bet.id, `${betAt}.id`),
            name: read.string(bet.name, `${betAt}.name`),
            values: read.array(bet.values, `${betAt}.values`).map((v, k) => {
              const valueAt = `${betAt}.values[${k}]`;
              const entry = read.record(v, valueAt);
              const value =
                typeof entry.value === 'number'
                  ? String(entry.value)
                  : read.string(entry.value, `${valueAt}.value`);
              return { value, odd: decimalOdd(entry.odd, `${valueAt}.odd`, read) };
            }),
          };
        }),
      };
    }),
  };
  const date = read.optionalString(fixture.date, `${at}.fixture.date`);
  if (date !== undefined) parsed.fixture.date = date;
  const timestamp = read.optionalInteger(fixture.timestamp, `${at}.fixture.timestamp`);
  if (timestamp !== undefined) parsed.fixture.timestamp = timestamp;
  const name = read.optionalString(league.name, `${at}.league.name`);
  if (name !== undefined) parsed.league.name = name;
  const country = read.optionalString(league.country, `${at}.league.country`);
  if (country !== undefined) parsed.league.country = country;
  const season = read.optionalInteger(league.season, `${at}.league.season`);
  if (season !== undefined) parsed.league.season = season;
  const update = read.optionalString(root.update, `${at}.update`);
  if (update !== undefined) parsed.update = update;
  return parsed;
};

/**
 * `odd` is a decimal string (§4.3); kept as sent when it is one, a number is turned into its text.
 */
const decimalOdd = (value: unknown, at: string, read: ShapeReader): string => {
  if (typeof value === 'string' && /^\d+(\.\d+)?$/.test(value.trim())) return value.trim();
  // A JSON number's shortest decimal text (no arithmetic on it).
  if (
    typeof value === 'number' &&
    Number.isFinite(value) &&
    value >= 0 &&
    !/e/i.test(String(value))
  )
    return String(value);
  return read.fail(at, 'expected a decimal odd');
};

const responseReader = (res: HttpResponse): ShapeReader =>
  shapeReader((field, message) => {
    throw new ProviderResponseError(PROVIDER, res.status, message, {
      field,
      outcomeUnknown: false,
    });
  });
