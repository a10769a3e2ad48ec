import type { SlipWithPicks } from '../../slip/entities/slip-with-picks.entity';
import type { FieldSpec } from '../domain/list-params';

/** A slip as the back office shows it: tipster, price (Ksh), total odds, result, premium flag and picks (market id, odd). */
export const toAdminSlip = (s: SlipWithPicks) => ({
  id: s.id,
  user_id: s.userId,
  username: s.username,
  price: s.price.toDecimal(),
  accumulator: s.accumulator,
  settled_accumulator: s.settledAccumulator,
  jackpot: s.jackpot,
  premium: s.premium,
  slip_result: s.slipResult,
  date_created: s.dateCreated.toISOString(),
  settled_at: s.settledAt?.toISOString() ?? null,
  tips: s.picks.map((p) => ({ ...p, kickoff: new Date(p.kickoff).toISOString() })),
});

/** Fields shared by the `slips` and `premium-slips` resources (alias `s`, tipster joined as `u`). */
export const SLIP_FIELDS: Record<string, FieldSpec> = {
  id: { column: 's.id', type: 'int', sortable: true, filter: ['eq', 'in'] },
  username: { column: 'u.username', type: 'text', sortable: true, filter: ['ilike'] },
  user_id: { column: 's.user_id', type: 'int', filter: ['eq', 'in'] },
  price: { column: 's.price_ksh', type: 'numeric', sortable: true, filter: ['gte', 'lte'] },
  accumulator: { column: 's.accumulator', type: 'numeric', sortable: true, filter: ['gte', 'lte'] },
  premium: { column: 's.premium', type: 'bool', sortable: true, filter: ['eq'] },
  jackpot: { column: 's.jackpot', type: 'bool', filter: ['eq'] },
  slip_result: { column: 's.slip_result', type: 'text', sortable: true, filter: ['eq', 'in'] },
  date_created: { column: 's.date_created', type: 'date', sortable: true, filter: ['gte', 'lte'] },
};
