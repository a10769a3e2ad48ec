import type { GameView } from '../fixtures/fixtures.service';
import { picksVisible, tipsterRecord, toSlipResponse } from './slip.mapper';
import type { SlipRow, TipRow } from './slip.repository';
import { slipCommitment } from './domain/slip-commitment';

const SALT = 'ab'.repeat(32);

const slip = (over: Partial<SlipRow> = {}): SlipRow => ({
  id: 7,
  userId: 3,
  username: 'wanjiku_tips',
  avatarFile: null,
  rating: '62.50',
  tipsterWon: 5,
  tipsterLost: 3,
  tipsterProfit: '2.345',
  price: '150.00',
  accumulator: '2.97',
  settledAccumulator: null,
  jackpot: false,
  moneyBack: false,
  slipResult: null,
  dateCreated: new Date('2026-11-23T06:00:00Z'),
  settledAt: null,
  commitment: 'c'.repeat(64),
  commitSalt: SALT,
  ...over,
});
const tip: TipRow = { slipId: 7, fixtureId: '11', marketId: 4, odd: '1.23', result: 'W' };
const game: GameView = {
  id: '11',
  homeTeam: 'Arsenal',
  awayTeam: 'Chelsea',
  league: 'English Premier League',
  gameDate: new Date('2026-11-24T19:00:00Z'),
  state: { phase: 'upcoming', minute: null, statusLabel: null, score: null, halfTime: null },
  tips: 1,
};
const ctx = (owner = false) => ({
  games: new Map([['11', game]]),
  rates: { ngnPerKsh: '11.50', ugxPerKsh: 35 },
  avatarUrl: (f: string | null) => (f ? `/media/avatars/${f}` : null),
  isOwner: () => owner,
});

describe('slip mapper', () => {
  it('hides market_type and odd of an unsettled slip from everyone but its tipster', () => {
    const visitor = toSlipResponse(slip(), [tip], ctx());
    expect(visitor.tips[0]).not.toHaveProperty('market_type');
    expect(visitor.tips[0]).not.toHaveProperty('odd');
    expect(visitor.tips[0].result).toBeNull();
    const owner = toSlipResponse(slip(), [tip], ctx(true));
    expect(owner.tips[0]).toMatchObject({ market_type: 4, odd: '1.23' });
  });

  it('shows everything of a settled slip with each tip result', () => {
    const res = toSlipResponse(slip({ slipResult: 'W', settledAccumulator: '2.97' }), [tip], ctx());
    expect(res).toEqual({
      id: 7,
      price: 150,
      price_ng: 1725,
      price_ug: 5250,
      date_created: '2026-11-23T09:00:00+03:00',
      accumulator: '2.97',
      jackpot: false,
      money_back: false,
      slip_result: 'W',
      tips: [
        {
          home_team: 'Arsenal',
          away_team: 'Chelsea',
          game_date: '2026-11-24T22:00:00+03:00',
          league: 'English Premier League',
          game_result: null,
          market_type: 4,
          odd: '1.23',
          fixture: 11,
          result: 'W',
          result_source: null,
        },
      ],
      user: { username: 'wanjiku_tips' },
      meta: { rating: 62.5, profile_image: null, settled: 8, profit: 2.35, roi: 29.31 },
      commitment: 'c'.repeat(64),
      salt: SALT,
      commitment_input: `v1|slip:7|11:4:1.23|salt:${SALT}`,
      ussd_code: '75',
    });
  });

  it('carries the commitment on a slip on sale, but neither salt nor canonical form', () => {
    const res = toSlipResponse(slip(), [tip], ctx());
    expect(res.commitment).toBe('c'.repeat(64));
    expect(res).not.toHaveProperty('salt');
    expect(res).not.toHaveProperty('commitment_input');
  });

  it("a finished slip's canonical form hashes to the commitment made at publishing", () => {
    const commitment = slipCommitment(7, [tip], SALT);
    const res = toSlipResponse(slip({ slipResult: 'L', commitment }), [tip], ctx());
    expect(
      slipCommitment(
        7,
        [
          {
            fixtureId: String(res.tips[0].fixture),
            marketId: res.tips[0].market_type!,
            odd: res.tips[0].odd!,
          },
        ],
        res.salt!,
      ),
    ).toBe(res.commitment);
  });

  it("a finished slip's legs carry their result source, void legs their reason; a slip on sale neither", () => {
    const sources = new Map([
      [
        '11',
        {
          source: { kind: 'football-data' as const, ref: 'E0-2025-26.csv 2026-04-19' },
          voidReason: 'Match postponed',
        },
      ],
    ]);
    const won = toSlipResponse(slip({ slipResult: 'W' }), [tip], { ...ctx(), sources });
    expect(won.tips[0]).toMatchObject({
      result_source: { kind: 'football-data', ref: 'E0-2025-26.csv 2026-04-19' },
    });
    expect(won.tips[0]).not.toHaveProperty('void_reason');
    const voided = toSlipResponse(slip({ slipResult: 'C' }), [{ ...tip, result: 'V' }], {
      ...ctx(),
      sources,
    });
    expect(voided.tips[0]).toMatchObject({ result: 'V', void_reason: 'Match postponed' });
    const onSale = toSlipResponse(slip(), [tip], { ...ctx(), sources });
    expect(onSale.tips[0]).not.toHaveProperty('result_source');
  });

  it('decides visibility', () => {
    expect(picksVisible({ slipResult: null, userId: 1 }, () => false)).toBe(false);
    expect(picksVisible({ slipResult: 'C', userId: 1 }, () => false)).toBe(true);
  });

  it('prices the slip in NGN and UGX by the configured rates, a rate of 4 decimals too', () => {
    const res = toSlipResponse(slip({ price: '50.00' }), [tip], {
      ...ctx(),
      rates: { ngnPerKsh: '12.3456', ugxPerKsh: 37 },
    });
    expect(res).toMatchObject({ price: 50, price_ng: 617.28, price_ug: 1850 });
  });
  it("carries the tipster's settled slips, profit and ROI beside the rating", () => {
    expect(toSlipResponse(slip(), [tip], ctx()).meta).toEqual({
      rating: 62.5,
      profile_image: null,
      settled: 8,
      profit: 2.35,
      roi: 29.31,
    });
    expect(tipsterRecord({ tipsterWon: 0, tipsterLost: 0, tipsterProfit: '0' })).toEqual({
      settled: 0,
      profit: 0,
      roi: 0,
    });
    expect(tipsterRecord({ tipsterWon: 1, tipsterLost: 3, tipsterProfit: '-1.50' })).toEqual({
      settled: 4,
      profit: -1.5,
      roi: -37.5,
    });
  });
});
