import { Injectable } from '@nestjs/common';
import { RetentionRun } from '../../privacy/entities/retention-run.entity';
import { BackofficeResource, defineResource } from '../resource-definition';

/**
 * `retention-runs` (admin; read-only): each run of the data retention job with the periods it
 * applied, its cut-offs and what it erased or kept (docs/PRODUCT-RULES.md R274, R280). No create,
 * update or delete (405).
 */
@Injectable()
export class RetentionRunsResource implements BackofficeResource {
  readonly definition = defineResource<RetentionRun>({
    name: 'retention-runs',
    entity: RetentionRun,
    alias: 'r',
    roles: ['admin'],
    fields: {
      id: { column: 'r.id', type: 'bigint', sortable: true, filter: ['eq', 'in'] },
      started_at: { column: 'r.started_at', type: 'date', sortable: true, filter: ['gte', 'lte'] },
      sms_bodies_erased: {
        column: 'r.sms_bodies_erased',
        type: 'int',
        sortable: true,
        filter: ['gte'],
      },
      email_bodies_erased: {
        column: 'r.email_bodies_erased',
        type: 'int',
        sortable: true,
        filter: ['gte'],
      },
      purchase_contacts_erased: {
        column: 'r.purchase_contacts_erased',
        type: 'int',
        sortable: true,
        filter: ['gte'],
      },
      purchase_contacts_kept: {
        column: 'r.purchase_contacts_kept',
        type: 'int',
        sortable: true,
        filter: ['gte'],
      },
      registrations_deleted: {
        column: 'r.registrations_deleted',
        type: 'int',
        sortable: true,
        filter: ['gte'],
      },
      registrations_kept: {
        column: 'r.registrations_kept',
        type: 'int',
        sortable: true,
        filter: ['gte'],
      },
    },
    defaultSort: ['started_at', 'DESC'],
    serialize: (r) => ({
      id: Number(r.id),
      started_at: r.startedAt.toISOString(),
      finished_at: r.finishedAt.toISOString(),
      sms_body_days: r.smsBodyDays,
      email_body_days: r.emailBodyDays,
      purchase_phone_months: r.purchasePhoneMonths,
      abandoned_registration_days: r.abandonedRegistrationDays,
      sms_before: r.smsBefore.toISOString(),
      email_before: r.emailBefore.toISOString(),
      purchase_before: r.purchaseBefore.toISOString(),
      registration_before: r.registrationBefore.toISOString(),
      sms_bodies_erased: r.smsBodiesErased,
      email_bodies_erased: r.emailBodiesErased,
      purchase_contacts_erased: r.purchaseContactsErased,
      purchase_contacts_kept: r.purchaseContactsKept,
      registrations_deleted: r.registrationsDeleted,
      registrations_kept: r.registrationsKept,
    }),
  });
}
