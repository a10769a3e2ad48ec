import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { Money } from '../../common/money/money';
import { Slip } from './entities/slip.entity';
import { Tip, TipResultCode } from './entities/tip.entity';
import { SlipRepository } from './slip.repository';

/** One pick of a jackpot slip: fixture id, market id, the server-quoted decimal odd ('1.85'). */
export interface JackpotSlipTip {
  fixtureId: string;
  marketId: number;
  odd: string;
}

/** One game of a jackpot slip as the jackpot score reads it: fixture id and result (W/L/V, null while undecided). */
export interface JackpotSlipResult {
  fixtureId: string;
  result: TipResultCode | null;
}

/**
 * The jackpot module's reads and writes of slips (docs/ARCHITECTURE.md "Table ownership": slip owns `slip` and
 * `tip`). A jackpot slip is an ordinary slip with `jackpot = true`. Every method runs inside the
 * caller's transaction `em`.
 */
@Injectable()
export class JackpotSlipsRepository {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly slips: SlipRepository,
  ) {}

  /**
   * Inserts a jackpot slip owned by `ownerId` (price in Ksh, total odds `accumulator`, created
   * `now`) with its tips in the given order, committed to its picks like any published slip
   * (SlipRepository.seal; docs/PRODUCT-RULES.md "Records and responsible gambling"); returns the slip's id.
   */
  async create(
    em: EntityManager,
    slip: { ownerId: number; price: Money; accumulator: string; now: Date; tips: JackpotSlipTip[] },
  ): Promise<number> {
    const repo = em.getRepository(Slip);
    const saved = await repo.save(
      repo.create({
        userId: slip.ownerId,
        price: slip.price,
        accumulator: slip.accumulator,
        jackpot: true,
        slipResult: null,
        settledAccumulator: null,
        settledAt: null,
        dateCreated: slip.now,
      }),
    );
    await em.getRepository(Tip).insert(
      slip.tips.map((t, i) => ({
        slipId: saved.id,
        fixtureId: t.fixtureId,
        marketId: t.marketId,
        odd: t.odd,
        position: i,
        result: null,
      })),
    );
    await this.slips.seal(em, saved.id);
    return saved.id;
  }

  /**
   * The games of jackpot slips `slipIds` in slip order (position), each with its tip's result as
   * settlement wrote it: slip id → games. Slips that are not jackpot slips are left out.
   */
  async results(slipIds: number[]): Promise<Map<number, JackpotSlipResult[]>> {
    const out = new Map<number, JackpotSlipResult[]>();
    if (!slipIds.length) return out;
    const rows: { slip_id: number; fixture_id: string; result: TipResultCode | null }[] =
      await this.ds.query(
        `SELECT t.slip_id, t.fixture_id::text AS fixture_id, t.result
         FROM tip t JOIN slip s ON s.id = t.slip_id
        WHERE s.id = ANY($1::int[]) AND s.jackpot
        ORDER BY t.slip_id, t.position`,
        [slipIds],
      );
    for (const r of rows) {
      const id = Number(r.slip_id);
      out.set(id, [...(out.get(id) ?? []), { fixtureId: r.fixture_id, result: r.result }]);
    }
    return out;
  }

  /** Sets the price (Ksh) of jackpot slip `slipId`; purchases already started keep their amount. */
  async setPrice(em: EntityManager, slipId: number, price: Money): Promise<void> {
    await em.query(`UPDATE slip SET price_ksh = $2 WHERE id = $1 AND jackpot`, [
      slipId,
      price.toDecimal(),
    ]);
  }

  /** Locks slip `slipId` for update until the transaction ends (a purchase of it waits). */
  async lock(em: EntityManager, slipId: number): Promise<void> {
    await em.query(`SELECT id FROM slip WHERE id = $1 FOR UPDATE`, [slipId]);
  }

  /** Deletes jackpot slip `slipId` with its tips (the tips go by the foreign key's cascade). */
  async remove(em: EntityManager, slipId: number): Promise<void> {
    await em.query(`DELETE FROM slip WHERE id = $1 AND jackpot`, [slipId]);
  }
}
