import { ProviderAuthError, ProviderQuotaError, ProviderRateLimitError } from '../common/http';
import { StubRequest, StubServer } from '../common/stub-server.testing';
import { ApiFootballClient } from './api-football.client';
import { ApiFootballClientOptions } from './api-football.types';

const FIXTURE = {
  fixture: {
    id: 1379120,
    referee: 'S. Hooper',
    timezone: 'UTC',
    date: '2025-11-15T15:00:00+00:00',
    timestamp: 1763218800,
    periods: { first: 1763218800, second: 1763222400 },
    venue: { id: 494, name: 'Emirates Stadium', city: 'London' },
    status: { long: 'Match Finished', short: 'FT', elapsed: 90, extra: 4 },
  },
  league: {
    id: 39,
    name: 'Premier League',
    country: 'England',
    logo: 'x',
    flag: 'y',
    season: 2025,
    round: 'Regular Season - 12',
    standings: true,
  },
  teams: {
    home: { id: 42, name: 'Arsenal', logo: 'a', winner: true },
    away: { id: 49, name: 'Chelsea', logo: 'c', winner: false },
  },
  goals: { home: 2, away: 1 },
  score: {
    halftime: { home: 1, away: 1 },
    fulltime: { home: 2, away: 1 },
    extratime: { home: null, away: null },
    penalty: { home: null, away: null },
  },
};
const NOT_STARTED = {
  ...FIXTURE,
  fixture: {
    ...FIXTURE.fixture,
    id: 1379121,
    status: { long: 'Not Started', short: 'NS', elapsed: null },
  },
  teams: {
    home: { id: 1, name: 'Home FC', winner: null },
    away: { id: 2, name: 'Away FC', winner: null },
  },
  goals: { home: null, away: null },
  score: { halftime: { home: null, away: null }, fulltime: { home: null, away: null } },
};
const envelope = (
  get: string,
  response: unknown[],
  paging = { current: 1, total: 1 },
  errors: unknown = [],
) => ({
  get,
  parameters: {},
  errors,
  results: response.length,
  paging,
  response,
});
const oddsFor = (fixtureId: number) => ({
  league: { id: 39, name: 'Premier League', country: 'England', season: 2025 },
  fixture: {
    id: fixtureId,
    timezone: 'UTC',
    date: '2025-11-15T15:00:00+00:00',
    timestamp: 1763218800,
  },
  update: '2025-11-14T09:00:12+00:00',
  bookmakers: [
    {
      id: 8,
      name: 'Bet365',
      bets: [
        {
          id: 1,
          name: 'Match Winner',
          values: [
            { value: 'Home', odd: '1.85' },
            { value: 'Draw', odd: '3.60' },
            { value: 'Away', odd: '4.20' },
          ],
        },
        { id: 10, name: 'Exact Score', values: [{ value: '2:1', odd: '8.00' }] },
      ],
    },
  ],
});

describe(ApiFootballClient.name, () => {
  let stub: StubServer;
  const client = (options: Partial<ApiFootballClientOptions> = {}): ApiFootballClient =>
    new ApiFootballClient({
      baseUrl: stub.url,
      apiKey: 'af-key',
      retries: 2,
      backoff: { baseMs: 1, maxMs: 5 },
      ...options,
    });
  /** Serves `/odds` as `total` pages of one element each, the page from the query. */
  const pagedOdds = (total: number) => (req: StubRequest) => {
    const page = Number(req.query.get('page'));
    return { body: envelope('odds', [oddsFor(1000 + page)], { current: page, total }) };
  };

  beforeEach(async () => {
    stub = await StubServer.start();
  });
  afterEach(() => stub.close());

  describe('odds pagination (§4.3)', () => {
    it('follows paging.total for a fixture and joins the pages in order', async () => {
      stub.on('GET /odds', pagedOdds(3));
      const odds = await client().oddsByFixture(1379120, { bookmaker: 8 });
      expect(odds.map((o) => o.fixture.id)).toEqual([1001, 1002, 1003]);
      expect(stub.requests.map((r) => r.query.get('page'))).toEqual(['1', '2', '3']);
      expect(
        stub.requests.every(
          (r) => r.query.get('fixture') === '1379120' && r.query.get('bookmaker') === '8',
        ),
      ).toBe(true);
      expect(stub.requests[0].headers['x-apisports-key']).toBe('af-key');
      expect(odds[0]).toEqual({
        fixture: { id: 1001, date: '2025-11-15T15:00:00+00:00', timestamp: 1763218800 },
        league: { id: 39, name: 'Premier League', country: 'England', season: 2025 },
        update: '2025-11-14T09:00:12+00:00',
        bookmakers: [
          {
            id: 8,
            name: 'Bet365',
            bets: [
              {
                id: 1,
                name: 'Match Winner',
                values: [
                  { value: 'Home', odd: '1.85' },
                  { value: 'Draw', odd: '3.60' },
                  { value: 'Away', odd: '4.20' },
                ],
              },
              { id: 10, name: 'Exact Score', values: [{ value: '2:1', odd: '8.00' }] },
            ],
          },
        ],
      });
    });

    it('pages odds by date and stops at one page when total is 1', async () => {
      stub.on('GET /odds', pagedOdds(1));
      await expect(
        client().oddsByDate('2025-11-15', { timezone: 'Africa/Nairobi' }),
      ).resolves.toHaveLength(1);
      expect(stub.requests).toHaveLength(1);
      expect(stub.requests[0].query.get('date')).toBe('2025-11-15');
      expect(stub.requests[0].query.get('timezone')).toBe('Africa/Nairobi');
    });

    it('retries a failed page without starting over', async () => {
      let calls = 0;
      stub.on('GET /odds', (req) =>
        ++calls === 2 ? { status: 503, body: 'busy' } : pagedOdds(2)(req),
      );
      await expect(client().oddsByDate('2025-11-15')).resolves.toHaveLength(2);
      expect(stub.requests.map((r) => r.query.get('page'))).toEqual(['1', '2', '2']);
    });

    it('refuses more pages than maxPages, and a page that is not the one asked', async () => {
      stub.on('GET /odds', pagedOdds(5));
      await expect(client({ maxPages: 4 }).oddsByDate('2025-11-15')).rejects.toMatchObject({
        name: 'ProviderResponseError',
        field: 'paging.total',
      });
      stub.on('GET /odds', (req) => ({
        body: envelope('odds', [], { current: 1, total: Number(req.query.get('page')) + 1 }),
      }));
      await expect(client().oddsByDate('2025-11-15')).rejects.toMatchObject({
        field: 'paging.current',
      });
    });
  });

  describe('fixtures (§4.2)', () => {
    it('reads fixtures of a date narrowed to the fields we use', async () => {
      stub.on('GET /fixtures', { body: envelope('fixtures', [FIXTURE, NOT_STARTED]) });
      const fixtures = await client().fixturesByDate('2025-11-15', {
        timezone: 'Africa/Nairobi',
        league: 39,
        season: 2025,
      });
      expect(Object.fromEntries(stub.requests[0].query)).toEqual({
        date: '2025-11-15',
        timezone: 'Africa/Nairobi',
        league: '39',
        season: '2025',
      });
      expect(fixtures[0]).toEqual({
        fixture: {
          id: 1379120,
          date: '2025-11-15T15:00:00+00:00',
          timestamp: 1763218800,
          status: { short: 'FT', long: 'Match Finished', elapsed: 90, extra: 4 },
        },
        league: {
          id: 39,
          name: 'Premier League',
          country: 'England',
          season: 2025,
          round: 'Regular Season - 12',
        },
        teams: {
          home: { id: 42, name: 'Arsenal', winner: true },
          away: { id: 49, name: 'Chelsea', winner: false },
        },
        goals: { home: 2, away: 1 },
        score: { halftime: { home: 1, away: 1 }, fulltime: { home: 2, away: 1 } },
      });
      expect(fixtures[1]).toMatchObject({
        fixture: { id: 1379121, status: { short: 'NS', elapsed: null } },
        teams: { home: { winner: null } },
        goals: { home: null, away: null },
        score: { halftime: { home: null, away: null } },
      });
    });

    it('asks live fixtures for all leagues or for the given ones', async () => {
      stub.on('GET /fixtures', { body: envelope('fixtures', []) });
      await client().liveFixtures();
      await client().liveFixtures([39, 61]);
      expect(stub.requests.map((r) => r.query.get('live'))).toEqual(['all', '39-61']);
    });

    it('splits fixturesByIds into calls of 20 ids', async () => {
      stub.on('GET /fixtures', { body: envelope('fixtures', [FIXTURE]) });
      const ids = Array.from({ length: 25 }, (_, i) => i + 1);
      await expect(client().fixturesByIds(ids)).resolves.toHaveLength(2);
      expect(stub.requests.map((r) => r.query.get('ids')?.split('-').length)).toEqual([20, 5]);
    });

    it('refuses a league without season and a bad date before sending', async () => {
      await expect(client().fixturesByDate('2025-11-15', { league: 39 })).rejects.toMatchObject({
        name: 'ProviderInputError',
        field: 'season',
      });
      await expect(client().fixturesByDate('15/11/2025')).rejects.toMatchObject({ field: 'date' });
      expect(stub.requests).toHaveLength(0);
    });

    it('throws ProviderResponseError for a fixture without id', async () => {
      stub.on('GET /fixtures', {
        body: envelope('fixtures', [
          { ...FIXTURE, fixture: { ...FIXTURE.fixture, id: undefined } },
        ]),
      });
      await expect(client().fixturesByDate('2025-11-15')).rejects.toMatchObject({
        name: 'ProviderResponseError',
        field: 'response[0].fixture.id',
      });
    });

    it('returns nothing on 204 and retries the documented 499 Time Out', async () => {
      stub.sequence('GET /fixtures', { status: 499, body: '' }, { status: 204 });
      await expect(client().liveFixtures()).resolves.toEqual([]);
      expect(stub.requests).toHaveLength(2);
    });
  });

  describe('errors inside a 200 (§4.1)', () => {
    it('maps errors.requests to ProviderQuotaError (daily quota)', async () => {
      stub.on('GET /fixtures', {
        body: envelope(
          'fixtures',
          [],
          { current: 1, total: 1 },
          {
            requests:
              'You have reached the request limit for the day, Go to https://dashboard.api-football.com to upgrade your plan.',
          },
        ),
      });
      const error = await client()
        .liveFixtures()
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ProviderQuotaError);
      expect(error).toMatchObject({ status: 200, providerCode: 'requests' });
      expect(stub.requests).toHaveLength(1);
    });

    it('maps errors.token to ProviderAuthError and 429 to ProviderRateLimitError', async () => {
      stub.on('GET /fixtures', {
        body: envelope('fixtures', [], undefined, { token: 'Error/Missing application key.' }),
      });
      await expect(client().liveFixtures()).rejects.toBeInstanceOf(ProviderAuthError);
      stub.on('GET /fixtures', {
        status: 429,
        body: { message: 'Too many requests' },
        headers: { 'retry-after': '30' },
      });
      await expect(client().liveFixtures()).rejects.toMatchObject({
        name: 'ProviderRateLimitError',
        retryAfterMs: 30_000,
      });
      await expect(client().liveFixtures()).rejects.toBeInstanceOf(ProviderRateLimitError);
    });

    it('maps a parameter error to ProviderHttpError with the field as code', async () => {
      stub.on('GET /fixtures', {
        body: envelope('fixtures', [], undefined, {
          date: 'The Date field must contain a valid date.',
        }),
      });
      await expect(client().liveFixtures()).rejects.toMatchObject({
        name: 'ProviderHttpError',
        providerCode: 'date',
        providerMessage: 'The Date field must contain a valid date.',
      });
    });
  });
});
