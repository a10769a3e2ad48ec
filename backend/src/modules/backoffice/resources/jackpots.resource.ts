import { Injectable } from '@nestjs/common';
import { CreateJackpotDto, UpdateJackpotDto } from '../../jackpot/dto/jackpot-input.dto';
import { Jackpot } from '../../jackpot/entities/jackpot.entity';
import { toAdminJackpot } from '../../jackpot/jackpot.mapper';
import { JackpotService } from '../../jackpot/jackpot.service';
import { BackofficeResource, defineResource } from '../resource-definition';

/**
 * `jackpots` (admin; docs/PRODUCT-RULES.md "Back office"): every week's SP / BT Mega and Mid Week jackpots. Create builds the
 * jackpot slip through JackpotService (10-17 server-quoted tips, owned by the admin) and makes it
 * the current one of its company and type; update changes title, description and price; delete
 * only while nobody paid (or is paying) for its slip.
 */
@Injectable()
export class JackpotsResource implements BackofficeResource {
  readonly definition;

  constructor(jackpots: JackpotService) {
    this.definition = defineResource<Jackpot, CreateJackpotDto, UpdateJackpotDto>({
      name: 'jackpots',
      entity: Jackpot,
      alias: 'j',
      roles: ['admin'],
      fields: {
        id: { column: 'j.id', type: 'int', sortable: true, filter: ['eq', 'in'] },
        company: { column: 'j.company', type: 'text', sortable: true, filter: ['eq', 'in'] },
        type: { column: 'j.type', type: 'text', sortable: true, filter: ['eq', 'in'] },
        slip_id: { column: 'j.slip_id', type: 'int', sortable: true, filter: ['eq', 'in'] },
        title: { column: 'j.title', type: 'text', sortable: true, filter: ['ilike'] },
        description: { column: 'j.description', type: 'text' },
        price: {
          column: 'j.price_ksh',
          type: 'numeric',
          sortable: true,
          filter: ['eq', 'gte', 'lte'],
        },
        todays_odd: {
          column: 'j.todays_odd',
          type: 'numeric',
          sortable: true,
          filter: ['gte', 'lte'],
        },
        week_start: { column: 'j.week_start', type: 'date', sortable: true },
        current: { column: 'j.is_current', type: 'bool', sortable: true, filter: ['eq'] },
        created_at: {
          column: 'j.created_at',
          type: 'date',
          sortable: true,
          filter: ['gte', 'lte'],
        },
        updated_at: {
          column: 'j.updated_at',
          type: 'date',
          sortable: true,
          filter: ['gte', 'lte'],
        },
      },
      search: ['title', 'description'],
      defaultSort: ['created_at', 'DESC'],
      serialize: toAdminJackpot,
      create: {
        dto: CreateJackpotDto,
        handle: (body, { manager, actor }) => jackpots.create(body, { manager, ownerId: actor.id }),
      },
      update: {
        dto: UpdateJackpotDto,
        handle: (id, body, { manager }) => jackpots.update(Number(id), body, { manager }),
      },
      delete: {
        handle: (id, { manager }) => jackpots.remove(Number(id), { manager }),
      },
    });
  }
}
