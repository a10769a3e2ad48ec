import type { Slip } from './api/types';
import { buildSlip, buildTip } from './test-fetch';

const SALT = 'ab'.repeat(32);

/** A finished slip as GET /api/slip/get/{id} answers it (commitment made by the server's rule). */
export const finishedSlip = (over: Partial<Slip> = {}): Slip =>
  buildSlip({
    id: 7,
    price: 150,
    date_created: '2026-11-23T09:00:00+03:00',
    accumulator: '2.46',
    slip_result: 'W',
    user: { username: 'wanjiku_tips' },
    tips: [
      buildTip({
        home_team: 'Leeds',
        away_team: 'Spurs',
        game_date: '2026-11-24T22:00:00+03:00',
        league: 'EPL',
        market_type: 1,
        odd: '2.00',
        fixture: 12,
        result: 'W',
      }),
      buildTip({
        home_team: 'Arsenal',
        away_team: 'Chelsea',
        game_date: '2026-11-24T19:00:00+03:00',
        league: 'EPL',
        market_type: 4,
        odd: '1.23',
        fixture: 11,
        result: 'W',
      }),
    ],
    commitment: 'f955cf96710569c31e8af17bcf73f38d98a719b6dbe839c06774e2c6543bd4fd',
    salt: SALT,
    commitment_input: `v1|slip:7|11:4:1.23|12:1:2.00|salt:${SALT}`,
    ...over,
  });
