import { ReplayClock } from '../../../src/modules/fixtures/replay-clock.service';
import { ResultSyncService } from '../../../src/modules/fixtures/result-sync.service';
import { EXPORT_CSV_COLUMNS } from '../../../src/modules/slip/domain/slip-export';
import { EXPORT_PAGE_SIZE } from '../../../src/modules/slip/slip-export.service';
import { createUser, CreatedUser } from '../../factories/account';
import { dataDirWith, importFixtures, pinClock, startReplay } from '../../factories/fixtures';
import { publishSlip, setOdd, TippableGame, tippableGames } from '../../factories/slip';
import { createTestContext, TestContext } from '../../setup/test-app';

jest.setTimeout(180_000);

const NOW = '2026-11-23T12:00:00+03:00';
const DATA_NOW = new Date('2026-04-20T12:00:00+03:00');
/** The quoted odd of every pick of the slip kept on sale: it must never appear in the export. */
const SECRET_ODD = '3.33';

/** RFC 4180 parser (quoted fields, doubled quotes, CRLF) for the test. */
const parseCsv = (text: string): string[][] => {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') ((field += '"'), i++);
      else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') (row.push(field), (field = ''));
    else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      ((row = []), (field = ''), i++);
    } else field += c;
  }
  if (field || row.length) rows.push([...row, field]);
  return rows;
};

interface ExportedSlip {
  id: number;
  tipster: string;
  status: string;
  legs:
    | {
        fixture: string;
        market_id: number;
        quoted_odd: string;
        closing_odd: string | null;
        result: string | null;
        score: string | null;
      }[]
    | null;
}

describe('public export of published slips (streamed CSV and JSON)', () => {
  let t: TestContext;
  let data: ReturnType<typeof dataDirWith>;
  let a: CreatedUser;
  let b: CreatedUser;
  let early: TippableGame[];
  let late: TippableGame[];
  let onSale: number;
  let finished: number[];
  let bulk: number;

  beforeAll(async () => {
    data = dataDirWith(['E0-2025-26.csv']);
    t = await createTestContext({
      env: { FOOTBALL_DATA_DIR: data.dir, REPLAY_ANCHOR: '2026-04-20' },
    });
    await startReplay(t, NOW, '2026-11-23');
    await importFixtures(t);
    const offsetMs = (await t.get(ReplayClock).frame()).offsetMs;
    const games = await tippableGames(t.ds, DATA_NOW, 60);
    early = games.slice(0, 4);
    const lastEarly = Math.max(...early.map((g) => g.kickoff.getTime()));
    late = games.filter((g) => g.kickoff.getTime() >= lastEarly + 24 * 3600_000).slice(0, 3);
    expect(late).toHaveLength(3);
    for (const g of early) await setOdd(t.ds, g.id, 1, '1.90');
    for (const g of late) await setOdd(t.ds, g.id, 1, SECRET_ODD);
    a = await createUser(t.ds, { username: 'export_a' });
    b = await createUser(t.ds, { username: 'export_b' });
    finished = [
      (await publishSlip(t, a.user.id, early.slice(0, 3), { amount: 100 })).id,
      (await publishSlip(t, a.user.id, early.slice(1, 4), { amount: 200 })).id,
      (await publishSlip(t, b.user.id, early.slice(0, 3), { amount: 50, marketId: 1 })).id,
    ];
    onSale = (await publishSlip(t, b.user.id, late, { amount: 300 })).id;
    // The early slips finish; the late one stays on sale while the export is read.
    pinClock(t, new Date(lastEarly + offsetMs + 125 * 60_000).toISOString());
    await t.get(ResultSyncService).syncResults();
    const states = await t.ds.query(
      `SELECT id, slip_result FROM slip WHERE id = ANY($1) ORDER BY id`,
      [[...finished, onSale]],
    );
    expect(
      states
        .filter((s: { slip_result: string | null }) => s.slip_result !== null)
        .map((s: { id: number }) => s.id),
    ).toEqual(finished);
    // More slips on sale than one keyset page, all published at the same instant (the id breaks the tie).
    const [{ n }] = await t.ds.query(
      `WITH x AS (INSERT INTO slip (user_id, price_ksh, accumulator, date_created)
         SELECT $1, 100, 2.00, '2026-11-23T10:00:00+03:00' FROM generate_series(1, $2) RETURNING id) SELECT count(*)::int AS n FROM x`,
      [b.user.id, EXPORT_PAGE_SIZE + 37],
    );
    bulk = n;
  });
  afterAll(async () => {
    await t?.close();
    data?.remove();
  });

  it('JSON: every published slip once, finished ones with their legs, the slip on sale without any pick or odd', async () => {
    const res = await t.request('GET', '/api/export/slips.json');
    expect(res.status).toBe(200);
    expect(String(res.headers['content-type'])).toContain('application/json');
    const slips = res.body as ExportedSlip[];
    expect(slips).toHaveLength(finished.length + 1 + bulk);
    expect(new Set(slips.map((s) => s.id)).size).toBe(slips.length);
    for (const id of finished) {
      const s = slips.find((x) => x.id === id)!;
      expect(s.status).toMatch(/^(won|lost|cancelled)$/);
      expect(s.legs).toHaveLength(3);
      for (const leg of s.legs!) {
        // The closing odd of the same selection, as the import stored it from the file's closing columns.
        const [closing] = await t.ds.query(
          `SELECT closing::text FROM fixture_odds WHERE fixture_id = $1 AND market_id = 1`,
          [leg.fixture],
        );
        expect(leg).toMatchObject({
          market_id: 1,
          quoted_odd: '1.90',
          result: expect.stringMatching(/^[WLV]$/),
          closing_odd: closing?.closing ?? null,
        });
        expect(leg.score).toMatch(/^\d+-\d+$/);
      }
    }
    expect(slips.flatMap((x) => x.legs ?? []).some((l) => l.closing_odd !== null)).toBe(true);
    const sale = slips.find((x) => x.id === onSale)!;
    expect(sale).toMatchObject({
      tipster: 'export_b',
      status: 'on_sale',
      legs: null,
      price_ksh: 300,
    });
    expect(res.text).not.toContain(SECRET_ODD);
    for (const g of late) expect(res.text).not.toContain(`"fixture":"${g.id}"`);
  });

  it('CSV: a header row, one row per leg, quoting that parses; the slip on sale has empty leg columns', async () => {
    const res = await t.request('GET', '/api/export/slips.csv');
    expect(res.status).toBe(200);
    expect(String(res.headers['content-type'])).toContain('text/csv');
    expect(String(res.headers['content-disposition'])).toContain('slips.csv');
    const rows = parseCsv(res.text);
    expect(rows[0]).toEqual([...EXPORT_CSV_COLUMNS]);
    const body = rows.slice(1);
    for (const r of body) expect(r).toHaveLength(EXPORT_CSV_COLUMNS.length);
    expect(body).toHaveLength(finished.length * 3 + 1 + bulk);
    const col = (name: string) => EXPORT_CSV_COLUMNS.indexOf(name as never);
    const saleRows = body.filter((r) => r[col('slip_id')] === String(onSale));
    expect(saleRows).toHaveLength(1);
    expect(saleRows[0][col('status')]).toBe('on_sale');
    expect(saleRows[0].slice(col('leg'), col('commitment'))).toEqual(Array(11).fill(''));
    // Every row closes with the slip's commitment and its transparency-log index.
    expect(saleRows[0][col('commitment')]).toMatch(/^[0-9a-f]{64}$/);
    expect(saleRows[0][col('log_index')]).toMatch(/^\d+$/);
    const legRows = body.filter((r) => finished.map(String).includes(r[col('slip_id')]));
    expect(legRows).toHaveLength(9);
    for (const r of legRows) expect(r[col('quoted_odd')]).toBe('1.90');
    expect(res.text).not.toContain(SECRET_ODD);
  });

  it('filters by tipster and by Nairobi publish day; 400 {message} on bad dates, 404 for an unknown tipster', async () => {
    const own = (await t.request('GET', '/api/export/slips.json?tipster=export_a'))
      .body as ExportedSlip[];
    expect(own.map((s) => s.id)).toEqual(finished.slice(0, 2));
    expect(
      (
        (await t.request('GET', '/api/export/slips.json?from=2026-11-23&to=2026-11-23'))
          .body as unknown[]
      ).length,
    ).toBe(finished.length + 1 + bulk);
    expect((await t.request('GET', '/api/export/slips.json?from=2026-11-24')).body).toEqual([]);
    expect((await t.request('GET', '/api/export/slips.json?to=2026-11-22')).body).toEqual([]);
    const csv = parseCsv(
      (await t.request('GET', '/api/export/slips.csv?tipster=export_a&from=2026-11-24')).text,
    );
    expect(csv).toEqual([[...EXPORT_CSV_COLUMNS]]);
    for (const q of ['from=2026-13-01', 'to=23-11-2026', 'from=2026-11-24&to=2026-11-23']) {
      for (const ext of ['csv', 'json']) {
        const res = await t.request('GET', `/api/export/slips.${ext}?${q}`);
        expect(res.status).toBe(400);
        expect(res.body.message).toEqual(expect.any(String));
      }
    }
    expect((await t.request('GET', '/api/export/slips.json?tipster=nobody_here')).status).toBe(404);
  });
});
