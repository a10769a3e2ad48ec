import type { SettledSlipFigures } from './domain/tipster-stats';

/**
 * "Slips settled": one settlement batch as the tipster statistics consume it (docs/ARCHITECTURE.md
 * "Layers"). Defined here, below slip: settlement builds it inside its transaction and hands it to
 * `TipsterStatService.onSlipsSettled` with its EntityManager, so the counters commit with the slips.
 */
export interface SlipsSettledEvent {
  /** Every slip the batch settled, jackpot slips included (flagged; they count for no tipster). */
  slips: SettledSlipFigures[];
}
