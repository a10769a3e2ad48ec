import { Injectable } from '@nestjs/common';
import { Fixture } from '../../fixtures/entities/fixture.entity';
import { BackofficeResource, defineResource } from '../resource-definition';

/** A fixture as the back office shows it; `kickoff` is the instant the data holds (replay offset not applied). */
export const toAdminFixture = (f: Fixture) => ({
  id: Number(f.id),
  league: f.league?.name ?? null,
  league_code: f.league?.code ?? null,
  league_id: f.leagueId,
  season: f.season,
  home_team: f.homeTeam,
  away_team: f.awayTeam,
  match_date: f.matchDate,
  kickoff: f.kickoff.toISOString(),
  status: f.status,
  elapsed: f.elapsed,
  home_goals: f.homeGoals,
  away_goals: f.awayGoals,
  score: f.homeGoals !== null && f.awayGoals !== null ? `${f.homeGoals}-${f.awayGoals}` : null,
  finished_at: f.finishedAt?.toISOString() ?? null,
  provider: f.provider,
  tips_count: f.tipsCount,
});

/**
 * `fixtures` (admin, read-only; docs/PRODUCT-RULES.md "Back office"): every imported fixture with its league, kick-off (data
 * calendar), status and published score. Filters: league (name, substring), league_id, status,
 * kickoff_gte / kickoff_lte (a 'YYYY-MM-DD' is the whole Nairobi day), q over teams and league.
 * Imports are started through `fixture-imports`.
 */
@Injectable()
export class FixturesResource implements BackofficeResource {
  readonly definition = defineResource<Fixture>({
    name: 'fixtures',
    entity: Fixture,
    alias: 'f',
    roles: ['admin'],
    fields: {
      id: { column: 'f.id', type: 'bigint', sortable: true, filter: ['eq', 'in'] },
      league: { column: 'l.name', type: 'text', sortable: true, filter: ['ilike'] },
      league_code: { column: 'l.code', type: 'text', filter: ['eq', 'in'] },
      league_id: { column: 'f.league_id', type: 'int', filter: ['eq', 'in'] },
      home_team: { column: 'f.home_team', type: 'text', sortable: true, filter: ['ilike'] },
      away_team: { column: 'f.away_team', type: 'text', sortable: true, filter: ['ilike'] },
      kickoff: { column: 'f.kickoff', type: 'date', sortable: true, filter: ['gte', 'lte'] },
      status: { column: 'f.status', type: 'text', sortable: true, filter: ['eq', 'in'] },
      tips_count: { column: 'f.tips_count', type: 'int', sortable: true, filter: ['gte'] },
    },
    search: ['home_team', 'away_team', 'league'],
    defaultSort: ['kickoff', 'DESC'],
    query: (qb) => qb.leftJoinAndSelect('f.league', 'l'),
    serialize: toAdminFixture,
  });
}
