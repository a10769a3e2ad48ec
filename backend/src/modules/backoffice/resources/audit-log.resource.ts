import { Injectable } from '@nestjs/common';
import { AdminAudit } from '../audit/admin-audit.entity';
import { BackofficeResource, defineResource } from '../resource-definition';

/** `audit-log` (admin, read-only): every back-office write, newest first. */
@Injectable()
export class AuditLogResource implements BackofficeResource {
  readonly definition = defineResource<AdminAudit>({
    name: 'audit-log',
    entity: AdminAudit,
    alias: 'a',
    roles: ['admin'],
    fields: {
      id: { column: 'a.id', type: 'bigint', sortable: true, filter: ['eq', 'in'] },
      at: { column: 'a.at', type: 'date', sortable: true, filter: ['gte', 'lte'] },
      actor_id: { column: 'a.actor_id', type: 'int', sortable: true, filter: ['eq', 'in'] },
      actor_username: { column: 'a.actor_username', type: 'text', sortable: true, filter: ['eq'] },
      action: { column: 'a.action', type: 'text', sortable: true, filter: ['eq', 'in'] },
      resource: { column: 'a.resource', type: 'text', sortable: true, filter: ['eq', 'in'] },
      record_id: { column: 'a.record_id', type: 'text', filter: ['eq'] },
    },
    defaultSort: ['id', 'DESC'],
    serialize: (a) => ({
      id: Number(a.id),
      at: a.at.toISOString(),
      actor_id: a.actorId,
      actor_username: a.actorUsername,
      actor_role: a.actorRole,
      action: a.action,
      resource: a.resource,
      record_id: a.recordId,
      before: a.before,
      after: a.after,
    }),
  });
}
