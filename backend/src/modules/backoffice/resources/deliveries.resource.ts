import { Injectable } from '@nestjs/common';
import { PicksDelivery } from '../../slip/entities/picks-delivery.entity';
import { BackofficeResource, defineResource } from '../resource-definition';

const iso = (d: Date | null): string | null => d?.toISOString() ?? null;

/** A purchase's picks delivery as the back office shows it (times UTC ISO-8601, application clock). */
export const toAdminDelivery = (d: PicksDelivery) => ({
  id: Number(d.purchaseId),
  purchase_id: Number(d.purchaseId),
  slip: d.slipId,
  phone: d.phone,
  email: d.email,
  code: d.code,
  state: d.state,
  at_status: d.atStatus,
  sms_id: Number(d.smsId),
  resend_sms_id: d.resendSmsId === null ? null : Number(d.resendSmsId),
  fallback_sms_id: d.fallbackSmsId === null ? null : Number(d.fallbackSmsId),
  fallback_email_id: d.fallbackEmailId === null ? null : Number(d.fallbackEmailId),
  first_kickoff_at: iso(d.firstKickoffAt),
  queued_at: d.queuedAt.toISOString(),
  due_at: d.dueAt.toISOString(),
  sent_at: iso(d.sentAt),
  failed_at: iso(d.failedAt),
  resent_at: iso(d.resentAt),
  fallback_at: iso(d.fallbackAt),
  delivered_at: iso(d.deliveredAt),
  undelivered_at: iso(d.undeliveredAt),
  updated_at: d.updatedAt.toISOString(),
});

/**
 * `deliveries` (admin, read-only; docs/PRODUCT-RULES.md R225): per paid slip purchase with a
 * phone, how its picks reached the buyer — state (queued, sent, delivered, failed, resent,
 * fallback-notified, undelivered), Africa's Talking's last status of the current picks SMS, the
 * outbox ids of the picks SMS, its re-send and the fallback messages, and the times of each
 * step. Filters state, slip, phone, purchase, queued_at range; q over phone and code. `id` is
 * the purchase id. No create / update / delete (405).
 */
@Injectable()
export class DeliveriesResource implements BackofficeResource {
  readonly definition = defineResource<PicksDelivery>({
    name: 'deliveries',
    entity: PicksDelivery,
    alias: 'd',
    roles: ['admin'],
    fields: {
      id: { column: 'd.purchase_id', type: 'bigint', sortable: true, filter: ['eq', 'in'] },
      purchase_id: { column: 'd.purchase_id', type: 'bigint', filter: ['eq'] },
      slip: { column: 'd.slip_id', type: 'int', sortable: true, filter: ['eq', 'in'] },
      phone: { column: 'd.phone', type: 'text', sortable: true, filter: ['eq'] },
      code: { column: 'd.code', type: 'text', filter: ['eq'] },
      state: { column: 'd.state', type: 'text', sortable: true, filter: ['eq', 'in'] },
      at_status: { column: 'd.at_status', type: 'text', sortable: true, filter: ['eq', 'in'] },
      queued_at: { column: 'd.queued_at', type: 'date', sortable: true, filter: ['gte', 'lte'] },
      first_kickoff_at: {
        column: 'd.first_kickoff_at',
        type: 'date',
        sortable: true,
        filter: ['gte', 'lte'],
      },
      updated_at: { column: 'd.updated_at', type: 'date', sortable: true, filter: ['gte', 'lte'] },
    },
    search: ['phone', 'code'],
    defaultSort: ['id', 'DESC'],
    serialize: toAdminDelivery,
  });
}
