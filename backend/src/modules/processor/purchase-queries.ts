import { EntityManager } from 'typeorm';

/**
 * Whether slip `slipId` has a purchase that is paid or still pending (a buyer's money or picks
 * depend on it), read in the caller's transaction `em`. Processor owns `purchase`
 * (docs/ARCHITECTURE.md "Table ownership"); other modules ask through this function.
 */
export const slipHasOpenPurchase = async (em: EntityManager, slipId: number): Promise<boolean> => {
  const [row] = await em.query(`SELECT 1 FROM purchase WHERE kind = 'slip' AND slip_id = $1 AND status IN ('paid', 'pending') LIMIT 1`, [slipId]);
  return row !== undefined;
};
