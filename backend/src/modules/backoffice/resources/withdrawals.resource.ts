import { Injectable } from '@nestjs/common';
import { AuthError, AuthErrorCode } from '../../../common/guards/auth.errors';
import { User } from '../../account/entities/user.entity';
import { WithdrawalDecisionDto } from '../../finance/dto/withdrawal-decision.dto';
import { Withdrawal } from '../../finance/entities/withdrawal.entity';
import { PayoutService } from '../../finance/payout.service';
import { BackofficeResource, defineResource } from '../resource-definition';

/** A withdrawal row with its tipster, approver and rejecter joined (only their usernames are shown). */
type WithdrawalWithNames = Withdrawal & {
  tipster?: User | null;
  approver?: User | null;
  rejecter?: User | null;
};

/** A withdrawal as the back office shows it: ids kept, and the usernames of the tipster, approver and rejecter. */
export const toAdminWithdrawal = (w: WithdrawalWithNames) => ({
  id: Number(w.id),
  user_id: w.userId,
  username: w.tipster?.username ?? null,
  amount: w.amount.toDecimal(),
  total_paid: w.totalPaid.toDecimal(),
  status: w.status,
  phone_number: w.phoneNumber,
  approved_at: w.approvedAt?.toISOString() ?? null,
  approved_by: w.approvedBy,
  approved_by_username: w.approver?.username ?? null,
  rejected_by: w.rejectedBy,
  rejected_by_username: w.rejecter?.username ?? null,
  failure_reason: w.failureReason,
  date: w.createdAt.toISOString(),
});

/**
 * `withdrawals` (tipster: own rows, read-only; admin: all). An admin's PUT {status: 'approved'}
 * starts the B2C payout, {status: 'rejected'} gives the amount back (PayoutService; audited by
 * the back office). Status P pending, W paid, F failed, R rejected (docs/PRODUCT-RULES.md R35:
 * other = unpaid).
 */
@Injectable()
export class WithdrawalsResource implements BackofficeResource {
  readonly definition;

  constructor(payouts: PayoutService) {
    this.definition = defineResource<Withdrawal, object, WithdrawalDecisionDto>({
      name: 'withdrawals',
      entity: Withdrawal,
      alias: 'w',
      roles: ['tipster'],
      ownerColumn: 'w.user_id',
      fields: {
        id: { column: 'w.id', type: 'bigint', sortable: true, filter: ['eq', 'in'] },
        user_id: { column: 'w.user_id', type: 'int', sortable: true, filter: ['eq', 'in'] },
        username: { column: 'wu.username', type: 'text', sortable: true, filter: ['ilike'] },
        amount: { column: 'w.amount', type: 'numeric', sortable: true, filter: ['gte', 'lte'] },
        total_paid: {
          column: 'w.total_paid',
          type: 'numeric',
          sortable: true,
          filter: ['gte', 'lte'],
        },
        status: { column: 'w.status', type: 'text', sortable: true, filter: ['eq', 'in'] },
        phone_number: { column: 'w.phone_number', type: 'text', filter: ['eq'] },
        approved_at: {
          column: 'w.approved_at',
          type: 'date',
          sortable: true,
          filter: ['eq', 'gte', 'lte'],
        },
        date: { column: 'w.created_at', type: 'date', sortable: true, filter: ['gte', 'lte'] },
      },
      defaultSort: ['date', 'DESC'],
      // Many-to-one joins only (one row per withdrawal): the list stays one statement with its total.
      query: (qb) =>
        qb
          .leftJoinAndMapOne('w.tipster', User, 'wu', 'wu.id = w.user_id')
          .leftJoinAndMapOne('w.approver', User, 'wa', 'wa.id = w.approved_by')
          .leftJoinAndMapOne('w.rejecter', User, 'wr', 'wr.id = w.rejected_by'),
      serialize: toAdminWithdrawal,
      update: {
        dto: WithdrawalDecisionDto,
        handle: (id, body, { manager, actor }) => {
          if (actor.role !== 'admin') throw new AuthError(AuthErrorCode.FORBIDDEN);
          return body.status === 'approved'
            ? payouts.approve(String(id), actor, manager)
            : payouts.reject(String(id), actor, manager);
        },
      },
    });
  }
}
