import { BACKFILL_COMMITMENTS_SQL } from '../../../src/database/migrations/1765600000000-SlipCommitments';
import { ReplayClock } from '../../../src/modules/fixtures/replay-clock.service';
import { ResultSyncService } from '../../../src/modules/fixtures/result-sync.service';
import {
  commitmentInput,
  sha256Hex,
  slipCommitment,
} from '../../../src/modules/slip/domain/slip-commitment';
import { createUser, CreatedUser } from '../../factories/account';
import { dataDirWith, importFixtures, pinClock, startReplay } from '../../factories/fixtures';
import { publishSlip, setOdd, TippableGame, tippableGames } from '../../factories/slip';
import { createTestContext, TestContext } from '../../setup/test-app';

jest.setTimeout(120_000);

const NOW = '2026-11-23T12:00:00+03:00';
const DATA_NOW = new Date('2026-04-20T12:00:00+03:00');
const HEX64 = /^[0-9a-f]{64}$/;

interface ApiSlip {
  id: number;
  slip_result: string | null;
  commitment: string;
  salt?: string;
  commitment_input?: string;
  tips: { fixture: number; market_type?: number; odd?: string }[];
}

/** Every object in a JSON value that has a `tips` array (a slip). */
const slipsIn = (value: unknown): ApiSlip[] => {
  if (Array.isArray(value)) return value.flatMap(slipsIn);
  if (!value || typeof value !== 'object') return [];
  const o = value as Record<string, unknown>;
  const own = Array.isArray(o.tips) ? [o as unknown as ApiSlip] : [];
  return [...own, ...Object.values(o).flatMap(slipsIn)];
};

describe('provable publishing: commitment at publish, salt, picks and result sources once finished', () => {
  let t: TestContext;
  let data: ReturnType<typeof dataDirWith>;
  let tipster: CreatedUser;
  let games: TippableGame[];
  let slipId: number;
  let offsetMs: number;
  let voidGames: TippableGame[];
  let voidSlipId: number;

  beforeAll(async () => {
    data = dataDirWith(['E0-2025-26.csv']);
    t = await createTestContext({
      env: { FOOTBALL_DATA_DIR: data.dir, REPLAY_ANCHOR: '2026-04-20' },
    });
    await startReplay(t, NOW, '2026-11-23');
    await importFixtures(t);
    offsetMs = (await t.get(ReplayClock).frame()).offsetMs;
    const all = await tippableGames(t.ds, DATA_NOW, 40);
    games = all.slice(0, 3);
    voidGames = all.slice(3, 6);
    for (const g of [...games, ...voidGames]) await setOdd(t.ds, g.id, 1, '1.9');
    tipster = await createUser(t.ds, { username: 'provable_tips' });
    slipId = (await publishSlip(t, tipster.user.id, games, { amount: 100 })).id;
    const other = await createUser(t.ds);
    voidSlipId = (await publishSlip(t, other.user.id, voidGames, { amount: 100 })).id;
    // The source never gets a result for this game: it is void (postponed) once the void window passes.
    await t.ds.query(
      `UPDATE fixture SET result_ft_home = NULL, result_ft_away = NULL, result_ht_home = NULL, result_ht_away = NULL WHERE id = $1`,
      [voidGames[0].id],
    );
  });
  afterAll(async () => {
    await t?.close();
    data?.remove();
  });

  it('stores a salt and a 64-hex commitment of the stored picks when the slip is published', async () => {
    const [row] = await t.ds.query(
      `SELECT commit_salt AS salt, commitment FROM slip WHERE id = $1`,
      [slipId],
    );
    expect(row.salt).toMatch(HEX64);
    expect(row.commitment).toMatch(HEX64);
    const tips = await t.ds.query(
      `SELECT fixture_id::text AS "fixtureId", market_id AS "marketId", odd::text AS odd FROM tip WHERE slip_id = $1`,
      [slipId],
    );
    expect(tips.map((x: { odd: string }) => x.odd)).toEqual(['1.90', '1.90', '1.90']);
    expect(row.commitment).toBe(slipCommitment(slipId, tips, row.salt));
  });

  it('every slip answer carries the commitment while on sale, and no salt, canonical form or pick', async () => {
    let seen = 0;
    for (const url of [
      `/api/slip/get/${slipId}`,
      '/v2/api/slip/data/',
      '/api/home/active',
      '/api/account/profile/provable_tips',
    ]) {
      const res = await t.request('GET', url);
      expect(res.status).toBe(200);
      for (const slip of slipsIn(res.body).filter((s) => s.id === slipId)) {
        seen += 1;
        expect(slip.commitment).toMatch(HEX64);
        expect(slip).not.toHaveProperty('salt');
        expect(slip).not.toHaveProperty('commitment_input');
        for (const tip of slip.tips) expect(tip).not.toHaveProperty('market_type');
      }
    }
    expect(seen).toBeGreaterThanOrEqual(3);
  });

  it('once settled the salt, canonical form and picks are public and the recomputed hash equals the commitment', async () => {
    const before = (await t.request('GET', `/api/slip/get/${slipId}`)).body as ApiSlip;
    const last = Math.max(...games.map((g) => g.kickoff.getTime()));
    pinClock(t, new Date(last + offsetMs + 125 * 60_000).toISOString());
    await t.get(ResultSyncService).syncResults();
    const res = await t.request('GET', `/api/slip/get/${slipId}`);
    const slip = res.body as ApiSlip;
    expect(slip.slip_result).not.toBeNull();
    expect(slip.commitment).toBe(before.commitment);
    expect(slip.salt).toMatch(HEX64);
    // Rebuilt from the public picks alone, as anyone (and /verify) can.
    const picks = slip.tips.map((tp) => ({
      fixtureId: String(tp.fixture),
      marketId: tp.market_type!,
      odd: tp.odd!,
    }));
    const rebuilt = commitmentInput(slipId, picks, slip.salt!);
    expect(rebuilt).toBe(slip.commitment_input);
    expect(sha256Hex(rebuilt)).toBe(slip.commitment);
    // Each finished leg names where its score came from: the football-data file and the match date.
    const dates = await t.ds.query(
      `SELECT id::text AS id, to_char(match_date, 'YYYY-MM-DD') AS d FROM fixture WHERE id = ANY($1::bigint[])`,
      [games.map((g) => g.id)],
    );
    const dateOf = new Map(dates.map((r: { id: string; d: string }) => [r.id, r.d]));
    for (const tp of slip.tips as {
      fixture: number;
      result: string;
      result_source: unknown;
      void_reason?: string;
    }[]) {
      expect(tp.result_source).toEqual({
        kind: 'football-data',
        ref: `E0-2025-26.csv ${dateOf.get(String(tp.fixture))}`,
      });
      if (tp.result === 'V') expect(tp.void_reason).toEqual(expect.any(String));
      else expect(tp).not.toHaveProperty('void_reason');
    }
    const finished = await t.request('GET', '/v2/api/slip/data/finished/');
    expect(slipsIn(finished.body).find((s) => s.id === slipId)).toMatchObject({
      commitment: slip.commitment,
      salt: slip.salt,
    });
  });

  it('a void leg carries why it is void, beside its result source', async () => {
    const last = Math.max(...voidGames.map((g) => g.kickoff.getTime()));
    pinClock(t, new Date(last + offsetMs + 49 * 3600_000).toISOString());
    await t.get(ResultSyncService).syncResults();
    const slip = (await t.request('GET', `/api/slip/get/${voidSlipId}`)).body as Omit<
      ApiSlip,
      'tips'
    > & {
      tips: {
        fixture: number;
        result: string;
        result_source: { kind: string; ref: string } | null;
        void_reason?: string;
      }[];
    };
    expect(slip.slip_result).not.toBeNull();
    const voided = slip.tips.find((tp) => String(tp.fixture) === voidGames[0].id)!;
    expect(voided).toMatchObject({
      result: 'V',
      void_reason: expect.stringContaining('postponed'),
    });
    expect(voided.result_source).toMatchObject({
      kind: 'football-data',
      ref: expect.stringMatching(/^E0-2025-26\.csv \d{4}-\d\d-\d\d$/),
    });
    for (const tp of slip.tips.filter((x) => x !== voided))
      expect(tp).not.toHaveProperty('void_reason');
    expect(sha256Hex(slip.commitment_input!)).toBe(slip.commitment);
  });

  it("the migration's backfill gives existing slips the same commitment as the TypeScript rule", async () => {
    const [{ id }] = await t.ds.query(
      `INSERT INTO slip (user_id, price_ksh, accumulator) VALUES ($1, 100, 7.00) RETURNING id`,
      [tipster.user.id],
    );
    for (const [i, g] of [...games].reverse().entries()) {
      await t.ds.query(
        `INSERT INTO tip (slip_id, fixture_id, market_id, odd, position) VALUES ($1, $2, $3, $4, $5)`,
        [id, g.id, i + 1, '1.5', i],
      );
    }
    const [kept] = await t.ds.query(`SELECT commitment FROM slip WHERE id = $1`, [slipId]);
    await t.ds.query(BACKFILL_COMMITMENTS_SQL);
    const [row] = await t.ds.query(
      `SELECT commit_salt AS salt, commitment FROM slip WHERE id = $1`,
      [id],
    );
    expect(row.salt).toMatch(HEX64);
    const tips = await t.ds.query(
      `SELECT fixture_id::text AS "fixtureId", market_id AS "marketId", odd::text AS odd FROM tip WHERE slip_id = $1`,
      [id],
    );
    expect(row.commitment).toBe(slipCommitment(id, tips, row.salt));
    const [again] = await t.ds.query(`SELECT commitment FROM slip WHERE id = $1`, [slipId]);
    expect(again.commitment).toBe(kept.commitment);
  });
});
