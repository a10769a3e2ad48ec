import { Injectable } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsOptional, Matches, ValidateBy, ValidationOptions } from 'class-validator';
import { marketById } from '../../fixtures/domain/markets';
import { Fixture } from '../../fixtures/entities/fixture.entity';
import { FreeTip } from '../../slip/entities/free-tip.entity';
import { FreeTipService } from '../../slip/free-tip.service';
import { BackofficeResource, defineResource } from '../resource-definition';

/** A fixture id as JSON may carry it (number or digit string) → digit string. */
const toIdText = ({ value }: { value: unknown }): unknown =>
  typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : value;

/** A market id: a whole number 1-32767 (one message whatever is wrong). */
const IsMarketId = (options?: ValidationOptions): PropertyDecorator =>
  ValidateBy(
    {
      name: 'isMarketId',
      validator: {
        validate: (v: unknown) =>
          typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= 32767,
      },
    },
    options,
  );

/** POST /api/backoffice/free-tips: `{ fixture, market }` (fixture id, market id of GET /api/slip/markets). */
export class CreateFreeTipDto {
  @ApiProperty({ example: 1234, description: 'fixture id' })
  @Transform(toIdText)
  @Matches(/^[1-9]\d{0,17}$/, { message: 'fixture must be a fixture id' })
  fixture: string;

  @ApiProperty({ example: 1, description: 'market id (GET /api/slip/markets)' })
  @IsMarketId({ message: 'market must be a market id' })
  market: number;
}

/** PUT /api/backoffice/free-tips/{id}: another fixture and/or market (other record fields ignored). */
export class UpdateFreeTipDto {
  @ApiPropertyOptional({ example: 1234 })
  @IsOptional()
  @Transform(toIdText)
  @Matches(/^[1-9]\d{0,17}$/, { message: 'fixture must be a fixture id' })
  fixture?: string;

  @ApiPropertyOptional({ example: 1 })
  @IsOptional()
  @IsMarketId({ message: 'market must be a market id' })
  market?: number;
}

/** The free tip row with the fixture the list query joins. */
type FreeTipRow = FreeTip & { fixture?: Fixture };

/** A free tip as the back office shows it: ids for editing, plus the game and market in words. */
export const toAdminFreeTip = (t: FreeTipRow) => {
  const market = marketById(t.marketId);
  return {
    id: t.id,
    fixture: Number(t.fixtureId),
    market: t.marketId,
    market_type: market?.type ?? null,
    market_value: market?.value ?? null,
    home_team: t.fixture?.homeTeam ?? null,
    away_team: t.fixture?.awayTeam ?? null,
    kickoff: t.fixture?.kickoff.toISOString() ?? null,
    fixture_status: t.fixture?.status ?? null,
    date_created: t.dateCreated.toISOString(),
  };
};

/**
 * `free-tips` (admin; docs/PRODUCT-RULES.md "Free tips": one market on one upcoming fixture, curated by
 * admins): CRUD through FreeTipService. Create and update accept only a fixture that has not
 * started with an odd for the market (400 otherwise, 404 for an unknown fixture; a repeat of
 * fixture and market is 400). GET /api/slip/free shows the change at once (no cache).
 */
@Injectable()
export class FreeTipsResource implements BackofficeResource {
  readonly definition;

  constructor(freeTips: FreeTipService) {
    this.definition = defineResource<FreeTipRow, CreateFreeTipDto, UpdateFreeTipDto>({
      name: 'free-tips',
      entity: FreeTip,
      alias: 't',
      roles: ['admin'],
      fields: {
        id: { column: 't.id', type: 'int', sortable: true, filter: ['eq', 'in'] },
        fixture: { column: 't.fixture_id', type: 'bigint', sortable: true, filter: ['eq', 'in'] },
        market: { column: 't.market_id', type: 'int', sortable: true, filter: ['eq', 'in'] },
        home_team: { column: 'f.home_team', type: 'text', sortable: true, filter: ['ilike'] },
        away_team: { column: 'f.away_team', type: 'text', sortable: true, filter: ['ilike'] },
        kickoff: { column: 'f.kickoff', type: 'date', sortable: true, filter: ['gte', 'lte'] },
        date_created: {
          column: 't.date_created',
          type: 'date',
          sortable: true,
          filter: ['gte', 'lte'],
        },
      },
      search: ['home_team', 'away_team'],
      defaultSort: ['date_created', 'DESC'],
      query: (qb) => qb.leftJoinAndMapOne('t.fixture', Fixture, 'f', 'f.id = t.fixture_id'),
      serialize: toAdminFreeTip,
      create: {
        dto: CreateFreeTipDto,
        handle: (body, { manager }) => freeTips.create(body.fixture, body.market, { manager }),
      },
      update: {
        dto: UpdateFreeTipDto,
        handle: (id, body, { manager }) =>
          freeTips.update(
            Number(id),
            { fixtureId: body.fixture, marketId: body.market },
            { manager },
          ),
      },
      delete: {
        handle: (id, { manager }) => freeTips.remove(Number(id), { manager }),
      },
    });
  }
}
