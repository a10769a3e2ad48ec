import { Injectable } from '@nestjs/common';
import { User } from '../../account/entities/user.entity';
import { SlipWithPicks } from '../../slip/entities/slip-with-picks.entity';
import { BackofficeResource, defineResource } from '../resource-definition';
import { SLIP_FIELDS, toAdminSlip } from './slip-record';

/**
 * `slips` (tipster, own rows; admin sees all; docs/PRODUCT-RULES.md "Back office"): the caller's
 * published slips WITH picks (fixture, market id as `market_type`, decimal odd, result), total
 * odds, price (Ksh) and result. Read-only: a published slip is locked (docs/PRODUCT-RULES.md R10),
 * so create, update and delete answer 405. Another tipster's slip answers 404.
 */
@Injectable()
export class SlipsResource implements BackofficeResource {
  readonly definition = defineResource<SlipWithPicks>({
    name: 'slips',
    entity: SlipWithPicks,
    alias: 's',
    roles: ['tipster'],
    ownerColumn: 's.user_id',
    fields: SLIP_FIELDS,
    search: ['username'],
    defaultSort: ['date_created', 'DESC'],
    query: (qb) => qb.innerJoin(User, 'u', 'u.id = s.user_id'),
    serialize: toAdminSlip,
  });
}
