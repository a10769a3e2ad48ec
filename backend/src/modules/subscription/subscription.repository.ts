import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { Money } from '../../common/money/money';
import { Subscription } from './entities/subscription.entity';
import { SubscriptionKind } from './entities/subscription-kind.entity';
import { subscriptionRunsSql } from './subscription.sql';

/** A kind's editable fields (price in Ksh, days). */
export interface SubscriptionKindChange {
  price?: Money;
  days?: number;
  title?: string;
  description?: string;
}

/**
 * The subscription module's tables, `subscription_kind` and `subscription` (docs/ARCHITECTURE.md
 * "Table ownership"): the only code that reads or writes them. Methods taking `em` run inside the
 * caller's transaction (the payment transaction, the back office's audit transaction).
 */
@Injectable()
export class SubscriptionRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** Every kind, longest first. */
  kinds(): Promise<SubscriptionKind[]> {
    return this.ds.manager.find(SubscriptionKind, { order: { days: 'DESC' } });
  }

  /** Kind `type` (lower-case), or null. */
  kind(type: string, em: EntityManager = this.ds.manager): Promise<SubscriptionKind | null> {
    return em.findOne(SubscriptionKind, { where: { type } });
  }

  /** Changes the given fields of kind `type` (fields left undefined are kept). */
  async updateKind(
    type: string,
    change: SubscriptionKindChange,
    em: EntityManager = this.ds.manager,
  ): Promise<void> {
    const patch = Object.fromEntries(Object.entries(change).filter(([, v]) => v !== undefined));
    if (Object.keys(patch).length) await em.update(SubscriptionKind, { type }, patch);
  }

  /** Subscriptions of `msisdn` that end after `at`, ending last first. */
  running(msisdn: string, at: Date): Promise<Subscription[]> {
    return this.ds.manager
      .createQueryBuilder(Subscription, 's')
      .where(subscriptionRunsSql('s', ':phone', ':at'), { phone: msisdn, at })
      .orderBy('s.endsAt', 'DESC')
      .getMany();
  }

  /**
   * Takes the transaction-scoped lock of `phone` (concurrent payments of one phone run one after
   * the other, so the second extends the first) and returns its subscription ending last, or null.
   */
  async lockLatest(em: EntityManager, phone: string): Promise<Subscription | null> {
    await em.query(`SELECT pg_advisory_xact_lock(hashtext('subscription:' || $1))`, [phone]);
    return em.findOne(Subscription, { where: { phone }, order: { endsAt: 'DESC' } });
  }

  /** Inserts one paid period. */
  async insert(
    em: EntityManager,
    row: Pick<Subscription, 'phone' | 'type' | 'startsAt' | 'endsAt' | 'purchaseId'>,
  ): Promise<void> {
    await em.insert(Subscription, row);
  }
}
