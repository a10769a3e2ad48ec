import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { Jackpot } from './entities/jackpot.entity';

/**
 * The jackpot module's table `jackpot` (docs/ARCHITECTURE.md "Table ownership"): the only code that
 * reads or writes it. Methods taking `em` run inside the caller's transaction.
 */
@Injectable()
export class JackpotRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** The current jackpot of each company and type (at most four rows, unordered). */
  current(): Promise<Jackpot[]> {
    return this.ds.getRepository(Jackpot).find({ where: { isCurrent: true } });
  }

  /**
   * Up to `limit` jackpots newest first (id descending: the order they were entered), only ids below
   * `before` when given, only of `company` / `type` when given (keyset paging of the history).
   */
  page(filter: {
    company?: string;
    type?: string;
    before?: number;
    limit: number;
  }): Promise<Jackpot[]> {
    const q = this.ds
      .getRepository(Jackpot)
      .createQueryBuilder('j')
      .orderBy('j.id', 'DESC')
      .limit(filter.limit);
    if (filter.company) q.andWhere('j.company = :company', { company: filter.company });
    if (filter.type) q.andWhere('j.type = :type', { type: filter.type });
    if (filter.before !== undefined) q.andWhere('j.id < :before', { before: filter.before });
    return q.getMany();
  }

  /**
   * Takes the transaction-scoped lock of `company` and `type` (one writer at a time, so exactly one
   * jackpot ends up current) and marks their current jackpot as no longer current.
   */
  async retireCurrent(em: EntityManager, company: string, type: string): Promise<void> {
    await em.query(`SELECT pg_advisory_xact_lock(hashtext('jackpot:' || $1 || ':' || $2))`, [
      company,
      type,
    ]);
    await em.query(
      `UPDATE jackpot SET is_current = false, updated_at = now() WHERE company = $1 AND type = $2 AND is_current`,
      [company, type],
    );
  }

  /** Jackpot `id` locked for update, or null. */
  lock(em: EntityManager, id: number): Promise<Jackpot | null> {
    return em
      .getRepository(Jackpot)
      .findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  /** Inserts or updates `jackpot` (a new one gets its id). */
  save(em: EntityManager, jackpot: Partial<Jackpot>): Promise<Jackpot> {
    const repo = em.getRepository(Jackpot);
    return repo.save(repo.create(jackpot));
  }

  /** Deletes jackpot `id`. */
  async delete(em: EntityManager, id: number): Promise<void> {
    await em.getRepository(Jackpot).delete({ id });
  }
}
