import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, In } from 'typeorm';
import { Slip } from './entities/slip.entity';
import { Tip } from './entities/tip.entity';

/**
 * The slip rows selling reads (docs/ARCHITECTURE.md "Table ownership": slip owns `slip` and `tip`;
 * "Layers": SQL lives in repositories). A method given an EntityManager reads in that transaction
 * (the payment transaction of a fulfilment), else on its own connection.
 */
@Injectable()
export class SlipSalesRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** Slip `id`, or null. */
  async slip(id: number): Promise<Slip | null> {
    return this.ds.manager.findOne(Slip, { where: { id } });
  }

  /** The slips of `ids` that exist, in no particular order. */
  async slips(ids: number[], em: EntityManager = this.ds.manager): Promise<Slip[]> {
    return em.find(Slip, { where: { id: In(ids) } });
  }

  /** The tips of slip `slipId`, in no particular order. */
  async tipsOfSlip(slipId: number): Promise<Tip[]> {
    return this.ds.manager.find(Tip, { where: { slipId } });
  }

  /** The tips of the slips `slipIds`, by slip then position. */
  async tipsInOrder(slipIds: number[], em: EntityManager = this.ds.manager): Promise<Tip[]> {
    return em.find(Tip, {
      where: { slipId: In(slipIds) },
      order: { slipId: 'ASC', position: 'ASC' },
    });
  }
}
