import { Injectable } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean } from 'class-validator';
import { User } from '../../account/entities/user.entity';
import { SlipWithPicks } from '../../slip/entities/slip-with-picks.entity';
import { PremiumSlipsService } from '../../slip/premium-slips.service';
import { BackofficeResource, defineResource } from '../resource-definition';
import { SLIP_FIELDS, toAdminSlip } from './slip-record';

/** PUT /api/backoffice/premium-slips/{id}: `{ premium: true }` marks the slip premium, `false` unmarks it. */
export class UpdatePremiumSlipDto {
  @ApiProperty({ example: true })
  @IsBoolean({ message: 'premium must be true or false' })
  premium: boolean;
}

/**
 * `premium-slips` (admin; docs/PRODUCT-RULES.md "Subscriptions, premium": slips an admin marks premium):
 * every slip with its picks (filters premium, date_created, username, slip_result, q over the
 * tipster's username); PUT `{ premium }` marks or unmarks through PremiumSlipsService.setPremium.
 * Active subscribers get today's premium slips from GET /api/manage/get-subscription-slips/{phone}.
 */
@Injectable()
export class PremiumSlipsResource implements BackofficeResource {
  readonly definition;

  constructor(premium: PremiumSlipsService) {
    this.definition = defineResource<SlipWithPicks, object, UpdatePremiumSlipDto>({
      name: 'premium-slips',
      entity: SlipWithPicks,
      alias: 's',
      roles: ['admin'],
      fields: SLIP_FIELDS,
      search: ['username'],
      defaultSort: ['date_created', 'DESC'],
      query: (qb) => qb.innerJoin(User, 'u', 'u.id = s.user_id'),
      serialize: toAdminSlip,
      update: {
        dto: UpdatePremiumSlipDto,
        handle: (id, body, { manager }) =>
          premium.setPremium(Number(id), body.premium, { manager }),
      },
    });
  }
}
