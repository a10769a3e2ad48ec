import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { batchDeltas, countersChanges } from './domain/tipster-stats';
import { SlipsSettledEvent } from './slips-settled.event';
import { TipsterCounters, TipsterStatRepository } from './tipster-stat.repository';

/**
 * The tipsters' stored counters (docs/PRODUCT-RULES.md "Tipster statistics"; table `tipster_stat`,
 * owned by the tipster-stats module): kept by publish and settlement inside the caller's transaction, never
 * recomputed from every slip. The figures' rules are tipster-stats/domain/tipster-stats.ts.
 */
@Injectable()
export class TipsterStatService {
  constructor(private readonly repo: TipsterStatRepository) {}

  /** Stored tips / won / lost of `userId`, or null before their first slip. */
  counters(userId: number): Promise<TipsterCounters | null> {
    return this.repo.counters(userId);
  }

  /** A slip of `userId` was published: one more tip, inside the publishing transaction `em`. */
  onPublished(em: EntityManager, userId: number): Promise<void> {
    return this.repo.addTip(em, userId);
  }

  /**
   * Consumes a "slips settled" batch inside the settlement transaction `em`: adds each tipster's
   * `batchDeltas` (jackpot slips left out) to their counters and stores the rating of the new totals
   * (`countersChanges`), the counter rows locked first in user id order. Nothing is written when the
   * batch has no tipster slip.
   */
  async onSlipsSettled(em: EntityManager, event: SlipsSettledEvent): Promise<void> {
    const deltas = batchDeltas(event.slips);
    if (!deltas.size) return;
    const totals = await this.repo.lockWonLost(em, [...deltas.keys()]);
    await this.repo.addCounters(em, countersChanges(deltas, totals));
  }
}
