import { Injectable } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean, IsString, Matches, MaxLength } from 'class-validator';
import { Purchase } from '../../processor/entities/purchase.entity';
import { PurchaseService } from '../../processor/purchase.service';
import { BackofficeResource, defineResource } from '../resource-definition';

/**
 * PUT /api/backoffice/purchases/{id}: `{ flagged: true, reason }` flags the purchase for review,
 * `{ flagged: false, reason }` clears the flag; the reason is required both ways. Nothing else
 * of the record can change (no money changes).
 */
export class ReviewPurchaseDto {
  @ApiProperty({ example: true })
  @IsBoolean({ message: 'flagged must be true or false' })
  flagged: boolean;

  @ApiProperty({ example: 'Paid amount differs from the price; customer called support' })
  @IsString({ message: 'reason must be text' })
  @Matches(/\S/, { message: 'A reason is required' })
  @MaxLength(500, { message: 'reason must be at most 500 characters' })
  reason: string;
}

/** A purchase as the back office shows it (amounts as 2-decimal strings in `currency`'s units: Ksh for KES). */
export const toAdminPurchase = (p: Purchase) => ({
  id: Number(p.id),
  kind: p.kind,
  slip: p.slipId === null ? null : Number(p.slipId),
  subscription_type: p.subscriptionType,
  phone: p.phone,
  email: p.email,
  amount: p.amount.toDecimal(),
  paid_amount: p.paidAmount?.toDecimal() ?? null,
  currency: p.currency,
  provider: p.provider,
  status: p.status,
  code: p.code,
  receipt: p.receipt,
  checkout_request_id: p.checkoutRequestId,
  tx_ref: p.txRef,
  result_desc: p.resultDesc,
  flagged: p.reviewReason !== null,
  review_reason: p.reviewReason,
  review_note: p.reviewNote,
  reviewed_by: p.reviewedBy,
  reviewed_at: p.reviewedAt?.toISOString() ?? null,
  created_at: p.createdAt.toISOString(),
  paid_at: p.paidAt?.toISOString() ?? null,
});

/**
 * `purchases` (admin; docs/PRODUCT-RULES.md "Back office"): every payment attempt for a slip or subscription (filters status,
 * provider, kind, flagged, slip, phone, email, created_at range; q over phone, e-mail, receipt,
 * code, tx_ref). PUT flags for review or clears the flag with a reason through
 * PurchaseService.setReview — audited, no money changes. No create / delete (405).
 */
@Injectable()
export class PurchasesResource implements BackofficeResource {
  readonly definition;

  constructor(purchases: PurchaseService) {
    this.definition = defineResource<Purchase, object, ReviewPurchaseDto>({
      name: 'purchases',
      entity: Purchase,
      alias: 'p',
      roles: ['admin'],
      fields: {
        id: { column: 'p.id', type: 'bigint', sortable: true, filter: ['eq', 'in'] },
        kind: { column: 'p.kind', type: 'text', sortable: true, filter: ['eq', 'in'] },
        slip: { column: 'p.slip_id', type: 'bigint', filter: ['eq', 'in'] },
        phone: { column: 'p.phone', type: 'text', filter: ['eq'] },
        email: { column: 'p.email', type: 'text', filter: ['ilike'] },
        amount: { column: 'p.amount', type: 'numeric', sortable: true, filter: ['gte', 'lte'] },
        currency: { column: 'p.currency', type: 'text', filter: ['eq', 'in'] },
        provider: { column: 'p.provider', type: 'text', sortable: true, filter: ['eq', 'in'] },
        status: { column: 'p.status', type: 'text', sortable: true, filter: ['eq', 'in'] },
        receipt: { column: 'p.receipt', type: 'text', filter: ['eq'] },
        code: { column: 'p.code', type: 'text', filter: ['eq'] },
        tx_ref: { column: 'p.tx_ref', type: 'text', filter: ['eq'] },
        flagged: { column: '(p.review_reason IS NOT NULL)', type: 'bool', filter: ['eq'] },
        created_at: {
          column: 'p.created_at',
          type: 'date',
          sortable: true,
          filter: ['gte', 'lte'],
        },
        paid_at: { column: 'p.paid_at', type: 'date', sortable: true, filter: ['gte', 'lte'] },
      },
      search: ['phone', 'email', 'receipt', 'code', 'tx_ref'],
      defaultSort: ['created_at', 'DESC'],
      serialize: toAdminPurchase,
      update: {
        dto: ReviewPurchaseDto,
        handle: (id, body, { manager, actor }) =>
          purchases.setReview(
            String(id),
            { flagged: body.flagged, reason: body.reason.trim(), by: actor.username },
            { manager },
          ),
      },
    });
  }
}
