import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { FreeTip } from './entities/free-tip.entity';

/** SQL of table `free_tip` (docs/PRODUCT-RULES.md "Free tips"); writes inside the caller's transaction when `em` is given. */
@Injectable()
export class FreeTipRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** The `limit` newest free tips (fixture id as text, market id). */
  latest(limit: number): Promise<{ fixture_id: string; market_id: number }[]> {
    return this.ds.query(
      `SELECT fixture_id::text, market_id FROM free_tip ORDER BY date_created DESC, id DESC LIMIT ${Number(limit)}`,
    );
  }

  /** Inserts a free tip; returns its id, or null when that fixture and market is a free tip already. */
  async insert(
    fixtureId: string,
    marketId: number,
    em: EntityManager = this.ds.manager,
  ): Promise<number | null> {
    const rows: { id: number }[] = await em.query(
      `INSERT INTO free_tip (fixture_id, market_id) VALUES ($1, $2) ON CONFLICT (fixture_id, market_id) DO NOTHING RETURNING id`,
      [fixtureId, marketId],
    );
    return rows.length ? rows[0].id : null;
  }

  /** Free tip `id`. @throws EntityNotFoundError when there is none. */
  byId(id: number, em: EntityManager = this.ds.manager): Promise<FreeTip> {
    return em.findOneByOrFail(FreeTip, { id });
  }

  /** The free tip on `fixtureId` and `marketId`, or null. */
  byPair(
    fixtureId: string,
    marketId: number,
    em: EntityManager = this.ds.manager,
  ): Promise<FreeTip | null> {
    return em.findOneBy(FreeTip, { fixtureId, marketId });
  }

  /** Moves free tip `id` to `fixtureId` and `marketId`. */
  async move(
    id: number,
    fixtureId: string,
    marketId: number,
    em: EntityManager = this.ds.manager,
  ): Promise<void> {
    await em.update(FreeTip, { id }, { fixtureId, marketId });
  }

  /** Removes free tip `id` (no-op when already gone). */
  async remove(id: number, em: EntityManager = this.ds.manager): Promise<void> {
    await em.delete(FreeTip, { id });
  }
}
