import { Injectable } from '@nestjs/common';
import { LedgerEntry } from '../../ledger/entities/ledger-entry.entity';
import { LEDGER_KIND } from '../../ledger/ledger.constants';
import { BackofficeResource, defineResource } from '../resource-definition';

/**
 * `earnings` (tipster: own rows; admin: all; read-only): the tipsters' sale shares from the
 * ledger (docs/PRODUCT-RULES.md "Money"), Ksh; status W pending, P paid, other unpaid
 * (docs/PRODUCT-RULES.md R31).
 */
@Injectable()
export class EarningsResource implements BackofficeResource {
  readonly definition = defineResource<LedgerEntry>({
    name: 'earnings',
    entity: LedgerEntry,
    alias: 'l',
    roles: ['tipster'],
    ownerColumn: 'l.user_id',
    fields: {
      id: { column: 'l.id', type: 'bigint', sortable: true, filter: ['eq', 'in'] },
      user_id: { column: 'l.user_id', type: 'int', sortable: true, filter: ['eq', 'in'] },
      amount: { column: 'l.amount', type: 'numeric', sortable: true, filter: ['gte', 'lte'] },
      status: { column: 'l.status', type: 'text', sortable: true, filter: ['eq', 'in'] },
      purchase_id: { column: 'l.purchase_id', type: 'bigint', filter: ['eq'] },
      date: { column: 'l.created_at', type: 'date', sortable: true, filter: ['gte', 'lte'] },
    },
    defaultSort: ['date', 'DESC'],
    query: (qb) => qb.andWhere('l.kind = :earningsKind', { earningsKind: LEDGER_KIND.SALE_SHARE }),
    serialize: (l) => ({
      id: Number(l.id),
      user_id: l.userId,
      amount: l.amount.toDecimal(),
      status: l.status,
      purchase_id: l.purchaseId === null ? null : Number(l.purchaseId),
      date: l.createdAt.toISOString(),
    }),
  });
}
