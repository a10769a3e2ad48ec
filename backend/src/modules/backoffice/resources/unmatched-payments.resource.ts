import { Injectable } from '@nestjs/common';
import { UnmatchedPayment } from '../../processor/entities/unmatched-payment.entity';
import { BackofficeResource, defineResource } from '../resource-definition';

/**
 * `unmatched-payments` (admin; read-only): money a paybill (Daraja C2B) confirmation brought that
 * paid nothing, kept for refund (docs/PRODUCT-RULES.md R203): an unknown, expired or closed
 * reference, or another amount than the price. No create, update or delete (405).
 */
@Injectable()
export class UnmatchedPaymentsResource implements BackofficeResource {
  readonly definition = defineResource<UnmatchedPayment>({
    name: 'unmatched-payments',
    entity: UnmatchedPayment,
    alias: 'u',
    roles: ['admin'],
    fields: {
      id: { column: 'u.id', type: 'bigint', sortable: true, filter: ['eq', 'in'] },
      trans_id: { column: 'u.trans_id', type: 'text', sortable: true, filter: ['eq', 'in'] },
      bill_ref_number: {
        column: 'u.bill_ref_number',
        type: 'text',
        sortable: true,
        filter: ['eq', 'in'],
      },
      amount: { column: 'u.amount', type: 'numeric', sortable: true, filter: ['gte', 'lte'] },
      reason: { column: 'u.reason', type: 'text', sortable: true, filter: ['eq', 'in'] },
      purchase_id: { column: 'u.purchase_id', type: 'bigint', filter: ['eq'] },
      created_at: { column: 'u.created_at', type: 'date', sortable: true, filter: ['gte', 'lte'] },
    },
    search: ['trans_id', 'bill_ref_number'],
    defaultSort: ['created_at', 'DESC'],
    serialize: (u) => ({
      id: Number(u.id),
      provider: u.provider,
      trans_id: u.transId,
      bill_ref_number: u.billRefNumber,
      amount: u.amount.toDecimal(),
      reason: u.reason,
      purchase_id: u.purchaseId === null ? null : Number(u.purchaseId),
      msisdn: u.msisdn,
      first_name: u.firstName,
      business_short_code: u.businessShortCode,
      trans_time: u.transTime,
      created_at: u.createdAt.toISOString(),
    }),
  });
}
