import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, In } from 'typeorm';
import { Money } from '../../common/money/money';
import { B2cPayout } from './entities/b2c-payout.entity';
import { Withdrawal } from './entities/withdrawal.entity';
import { WITHDRAWAL_STATUS } from './finance.constants';

/** The columns of a withdrawal a service may change (status moves, approval, payout progress). */
export type WithdrawalPatch = Partial<
  Pick<
    Withdrawal,
    'status' | 'approvedAt' | 'approvedBy' | 'rejectedBy' | 'failureReason' | 'totalPaid'
  >
>;

/** The columns of a B2C part a service may change (the Daraja answer and the Result). */
export type B2cPayoutPatch = Partial<
  Pick<
    B2cPayout,
    'status' | 'conversationId' | 'resultCode' | 'resultDesc' | 'transactionId' | 'paidAmount'
  >
>;

/** A B2C part to insert: whole Ksh `amount`, our OriginatorConversationID. */
export interface NewB2cPart {
  withdrawalId: string;
  part: number;
  amount: Money;
  originatorConversationId: string;
}

/**
 * Finance's `withdrawal` and `b2c_payout` rows (docs/ARCHITECTURE.md "Table ownership": finance
 * owns them; "Layers": SQL lives in repositories). Methods taking an EntityManager run in the
 * caller's transaction; the others run on their own.
 */
@Injectable()
export class WithdrawalRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** Inserts a pending (P) withdrawal of `amount` (whole Ksh) to `phoneNumber` with nothing paid yet; returns it. */
  async createPending(
    em: EntityManager,
    userId: number,
    amount: Money,
    phoneNumber: string,
  ): Promise<Withdrawal> {
    return em.save(
      Withdrawal,
      em.create(Withdrawal, {
        userId,
        amount,
        totalPaid: Money.ZERO,
        phoneNumber,
        status: WITHDRAWAL_STATUS.PENDING,
      }),
    );
  }

  /** A page of `userId`'s withdrawals, newest first, and how many there are. */
  async pageOf(userId: number, take: number, skip: number): Promise<[Withdrawal[], number]> {
    return this.ds.manager.findAndCount(Withdrawal, {
      where: { userId },
      order: { createdAt: 'DESC', id: 'DESC' },
      take,
      skip,
    });
  }

  /** Withdrawal `id` locked FOR UPDATE in `em`'s transaction, or null when there is none. */
  async lock(em: EntityManager, id: string): Promise<Withdrawal | null> {
    return em.findOne(Withdrawal, { where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  /** Withdrawal `id`. @throws EntityNotFoundError when there is none. */
  async getOrFail(id: string): Promise<Withdrawal> {
    return this.ds.manager.findOneByOrFail(Withdrawal, { id });
  }

  /** Changes withdrawal `id` in `em`'s transaction. */
  async update(em: EntityManager, id: string, patch: WithdrawalPatch): Promise<void> {
    await em.update(Withdrawal, { id }, patch);
  }

  /**
   * Ids of approved, pending withdrawals approved before `before` that have no B2C part, or a part
   * still `sending` last changed before `before`; at most `limit`, by id.
   */
  async stuckPayoutIds(before: Date, limit: number): Promise<string[]> {
    const rows: { id: string }[] = await this.ds.query(
      `SELECT w.id::text FROM withdrawal w
        WHERE w.status = 'P' AND w.approved_at IS NOT NULL AND w.approved_at < $1
          AND (NOT EXISTS (SELECT 1 FROM b2c_payout p WHERE p.withdrawal_id = w.id)
               OR EXISTS (SELECT 1 FROM b2c_payout p WHERE p.withdrawal_id = w.id AND p.status = 'sending' AND p.updated_at < $1))
        ORDER BY w.id LIMIT $2`,
      [before, limit],
    );
    return rows.map((r) => r.id);
  }

  /** Whether withdrawal `withdrawalId` has B2C parts, in `em`'s transaction. */
  async hasParts(em: EntityManager, withdrawalId: string): Promise<boolean> {
    return (await em.count(B2cPayout, { where: { withdrawalId } })) > 0;
  }

  /** Inserts the B2C parts, status `sending`, in `em`'s transaction. */
  async insertParts(em: EntityManager, parts: NewB2cPart[]): Promise<void> {
    await em.insert(
      B2cPayout,
      parts.map((p) => ({ ...p, status: 'sending' as const })),
    );
  }

  /** The withdrawal's parts still `sending`, by part number. */
  async sendingParts(em: EntityManager, withdrawalId: string): Promise<B2cPayout[]> {
    return em.find(B2cPayout, {
      where: { withdrawalId, status: 'sending' },
      order: { part: 'ASC' },
    });
  }

  /** Changes part `id` only while it is still `sending` (a Result may have been applied before Daraja's answer). */
  async updateIfSending(id: string, patch: B2cPayoutPatch): Promise<void> {
    await this.ds.manager.update(B2cPayout, { id, status: 'sending' }, patch);
  }

  /** The part with our OriginatorConversationID `originator`, or null. */
  async partByOriginator(originator: string): Promise<B2cPayout | null> {
    return this.ds.manager.findOne(B2cPayout, { where: { originatorConversationId: originator } });
  }

  /** Part `id` locked FOR UPDATE in `em`'s transaction. @throws EntityNotFoundError when there is none. */
  async lockPart(em: EntityManager, id: string): Promise<B2cPayout> {
    return em.findOneOrFail(B2cPayout, { where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  /** Changes part `id` in `em`'s transaction. */
  async updatePart(em: EntityManager, id: string, patch: B2cPayoutPatch): Promise<void> {
    await em.update(B2cPayout, { id }, patch);
  }

  /** How many of the withdrawal's parts have no result yet (`sending` or `accepted`). */
  async openParts(em: EntityManager, withdrawalId: string): Promise<number> {
    return em.count(B2cPayout, { where: { withdrawalId, status: In(['sending', 'accepted']) } });
  }
}
