import {
  csvField,
  EXPORT_CSV_COLUMNS,
  exportCsvLines,
  exportRange,
  exportStatus,
  ExportSlip,
  logProofPath,
} from './slip-export';

describe('export range (Nairobi days, inclusive)', () => {
  it.each([
    { from: undefined, to: undefined, out: { from: null, to: null } },
    { from: '2026-04-19', to: undefined, out: { from: '2026-04-18T21:00:00.000Z', to: null } },
    {
      from: '2026-04-19',
      to: '2026-04-19',
      out: { from: '2026-04-18T21:00:00.000Z', to: '2026-04-19T21:00:00.000Z' },
    },
    { from: '', to: '2026-12-31', out: { from: null, to: '2026-12-31T21:00:00.000Z' } },
  ])('$from..$to', ({ from, to, out }) => {
    const r = exportRange(from, to);
    expect({ from: r.from?.toISOString() ?? null, to: r.to?.toISOString() ?? null }).toEqual(out);
  });

  it.each([
    ['2026-4-19', undefined, 'from must be a date YYYY-MM-DD'],
    ['2026-02-30', undefined, 'from must be a date YYYY-MM-DD'],
    [undefined, 'yesterday', 'to must be a date YYYY-MM-DD'],
    ['2026-04-20', '2026-04-19', 'from must not be after to'],
  ])('refuses from=%p to=%p', (from, to, message) => {
    expect(() => exportRange(from, to)).toThrow(message);
  });
});

describe('export CSV', () => {
  it.each([
    [null, ''],
    [12, '12'],
    ['Brighton & Hove', 'Brighton & Hove'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
  ])('field %p → %p', (v, out) => {
    expect(csvField(v)).toBe(out);
  });

  const slip: ExportSlip = {
    id: 5,
    tipster: 'otieno_tips',
    published_at: '2026-04-19T10:00:00+03:00',
    first_kickoff: '2026-04-19T17:00:00+03:00',
    price_ksh: 100,
    accumulator: '3.61',
    status: 'won',
    legs: [
      {
        fixture: '11',
        home_team: 'Arsenal',
        away_team: 'Chelsea',
        market_id: 1,
        market_type: '1X2',
        market: 'HOME WIN',
        quoted_odd: '1.90',
        closing_odd: null,
        result: 'W',
        score: '2-1',
      },
      {
        fixture: '12',
        home_team: 'Leeds, United',
        away_team: 'Spurs',
        market_id: 4,
        market_type: 'OU',
        market: 'OVER 2.5',
        quoted_odd: '1.90',
        closing_odd: '1.80',
        result: 'W',
        score: '3-0',
      },
    ],
    commitment: 'c'.repeat(64),
    log_index: 17,
    log_proof: logProofPath(17),
  };

  it('one row per leg of a finished slip, with the header order', () => {
    expect(EXPORT_CSV_COLUMNS).toHaveLength(20);
    expect(slip.log_proof).toBe('/api/log/proof/inclusion?index=17');
    expect(exportCsvLines(slip)).toBe(
      '5,otieno_tips,2026-04-19T10:00:00+03:00,2026-04-19T17:00:00+03:00,100,3.61,won,1,11,Arsenal,Chelsea,1,1X2,HOME WIN,1.90,,W,2-1,cccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccc,17\r\n' +
        '5,otieno_tips,2026-04-19T10:00:00+03:00,2026-04-19T17:00:00+03:00,100,3.61,won,2,12,"Leeds, United",Spurs,4,OU,OVER 2.5,1.90,1.80,W,3-0,cccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccc,17\r\n',
    );
  });

  it('a slip on sale is one row without any leg column', () => {
    expect(
      exportCsvLines({
        ...slip,
        status: 'on_sale',
        legs: null,
        commitment: null,
        log_index: null,
        log_proof: logProofPath(null),
      }),
    ).toBe(
      '5,otieno_tips,2026-04-19T10:00:00+03:00,2026-04-19T17:00:00+03:00,100,3.61,on_sale,,,,,,,,,,,,,\r\n',
    );
    expect(exportCsvLines({ ...slip, status: 'on_sale', legs: null })).toBe(
      '5,otieno_tips,2026-04-19T10:00:00+03:00,2026-04-19T17:00:00+03:00,100,3.61,on_sale,,,,,,,,,,,,cccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccc,17\r\n',
    );
  });

  it.each([
    ['W', 'won'],
    ['L', 'lost'],
    ['C', 'cancelled'],
    [null, 'on_sale'],
  ] as const)('status %p → %p', (r, s) => {
    expect(exportStatus(r)).toBe(s);
  });
});
