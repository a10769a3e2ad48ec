import { Injectable } from '@nestjs/common';
import { RgLimit } from '../../rg/entities/rg-limit.entity';
import { BackofficeResource, defineResource } from '../resource-definition';

/**
 * `rg-limits` (admin; read-only): every phone's daily spend cap, waiting raise and self-exclusion
 * (docs/PRODUCT-RULES.md "Records and responsible gambling"). Only the phone's holder changes them,
 * with an SMS code: no create, update or delete here (405).
 */
@Injectable()
export class RgLimitsResource implements BackofficeResource {
  readonly definition = defineResource<RgLimit>({
    name: 'rg-limits',
    entity: RgLimit,
    alias: 'r',
    roles: ['admin'],
    idField: 'phone',
    fields: {
      phone: { column: 'r.phone', type: 'text', sortable: true, filter: ['eq', 'in'] },
      daily_cap_ksh: {
        column: 'r.daily_cap_ksh',
        type: 'numeric',
        sortable: true,
        filter: ['gte', 'lte'],
      },
      excluded_until: {
        column: 'r.excluded_until',
        type: 'date',
        sortable: true,
        filter: ['gte', 'lte'],
      },
      updated_at: { column: 'r.updated_at', type: 'date', sortable: true, filter: ['gte', 'lte'] },
    },
    search: ['phone'],
    defaultSort: ['updated_at', 'DESC'],
    serialize: (r) => ({
      id: r.phone,
      phone: r.phone,
      daily_cap_ksh: r.dailyCapKsh?.toDecimal() ?? null,
      next_cap_ksh: r.nextCapKsh?.toDecimal() ?? null,
      next_cap_from: r.nextCapFrom?.toISOString() ?? null,
      excluded_until: r.excludedUntil?.toISOString() ?? null,
      created_at: r.createdAt.toISOString(),
      updated_at: r.updatedAt.toISOString(),
    }),
  });
}
