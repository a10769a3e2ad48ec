import { Injectable } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { Money } from '../../../common/money/money';
import { SubscriptionKind } from '../../subscription/entities/subscription-kind.entity';
import { LIFETIME_DAYS, SubscriptionService } from '../../subscription/subscription.service';
import { BackofficeResource, defineResource } from '../resource-definition';

/** Ksh with at most 2 decimals, Ksh 1 to 1,000,000 ('2000', '499.50'); a JSON number is read as its decimal text. */
const KSH = /^(?!0+(\.0+)?$)\d{1,7}(\.\d{1,2})?$/;

/**
 * PUT /api/backoffice/subscription-kinds/{type}: what an admin may change. The type (gold,
 * silver, bronze) is fixed; other fields of the record are ignored.
 */
export class UpdateSubscriptionKindDto {
  @ApiPropertyOptional({ example: '500.00', description: 'Ksh, at most 2 decimals' })
  @IsOptional()
  @Transform(({ value }) =>
    typeof value === 'number' && Number.isFinite(value) ? String(value) : value,
  )
  @IsString({ message: 'price must be an amount in Ksh' })
  @Matches(KSH, {
    message: 'price must be an amount in Ksh between 1 and 1000000 with at most 2 decimals',
  })
  price?: string;

  @ApiPropertyOptional({
    example: 30,
    description: `days of access; ${LIFETIME_DAYS} means lifetime`,
  })
  @IsOptional()
  @IsInt({ message: 'days must be a whole number' })
  @Min(1, { message: `days must be between 1 and ${LIFETIME_DAYS}` })
  @Max(LIFETIME_DAYS, { message: `days must be between 1 and ${LIFETIME_DAYS}` })
  days?: number;

  @ApiPropertyOptional({ example: 'Silver' })
  @IsOptional()
  @IsString({ message: 'title must be text' })
  @Matches(/\S/, { message: 'Title is required' })
  @MaxLength(60, { message: 'title must be at most 60 characters' })
  title?: string;

  @ApiPropertyOptional({ example: '30 days of premium slips' })
  @IsOptional()
  @IsString({ message: 'description must be text' })
  @MaxLength(1000, { message: 'description must be at most 1000 characters' })
  description?: string;
}

/** A kind as the back office shows it; `id` is the type. Price in Ksh as a 2-decimal string. */
export const toAdminSubscriptionKind = (k: SubscriptionKind) => ({
  id: k.type,
  type: k.type,
  title: k.title,
  description: k.description,
  price: k.price.toDecimal(),
  days: k.days,
  updated_at: k.updatedAt.toISOString(),
});

/**
 * `subscription-kinds` (admin; docs/PRODUCT-RULES.md "Subscriptions": admin-editable kinds): list, get and
 * update price (Ksh), days, title and description through SubscriptionService.updateKind. The
 * three types are fixed: create and delete answer 405. GET /api/manage/get-subscription-kind
 * shows an edit at once (read from the table, no cache).
 */
@Injectable()
export class SubscriptionKindsResource implements BackofficeResource {
  readonly definition;

  constructor(subscriptions: SubscriptionService) {
    this.definition = defineResource<SubscriptionKind, object, UpdateSubscriptionKindDto>({
      name: 'subscription-kinds',
      entity: SubscriptionKind,
      alias: 'k',
      roles: ['admin'],
      fields: {
        id: { column: 'k.type', type: 'text', sortable: true, filter: ['eq', 'in'] },
        title: { column: 'k.title', type: 'text', sortable: true, filter: ['ilike'] },
        price: { column: 'k.price', type: 'numeric', sortable: true, filter: ['gte', 'lte'] },
        days: { column: 'k.days', type: 'int', sortable: true, filter: ['gte', 'lte'] },
      },
      defaultSort: ['days', 'DESC'],
      serialize: toAdminSubscriptionKind,
      update: {
        dto: UpdateSubscriptionKindDto,
        handle: (id, body, { manager }) =>
          subscriptions.updateKind(
            String(id),
            {
              price: body.price === undefined ? undefined : Money.parse(body.price),
              days: body.days,
              title: body.title?.trim(),
              description: body.description,
            },
            { manager },
          ),
      },
    });
  }
}
