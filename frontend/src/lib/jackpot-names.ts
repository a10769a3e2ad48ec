import type { JackpotCompany, JackpotType } from './jackpot-slug';

/** Display names (docs/PRODUCT-RULES.md, Jackpots: SP SportPesa, BT Betika; MG Mega, MW Mid Week). */
export const JACKPOT_COMPANY_LABELS: Record<JackpotCompany, string> = {
  SP: 'SportPesa',
  BT: 'Betika',
};

export const JACKPOT_TYPE_LABELS: Record<JackpotType, string> = {
  MG: 'Mega Jackpot',
  MW: 'Mid Week Jackpot',
};

/** 'SportPesa Mega Jackpot' for a company and type. */
export const jackpotName = (company: JackpotCompany, type: JackpotType): string =>
  `${JACKPOT_COMPANY_LABELS[company] ?? company} ${JACKPOT_TYPE_LABELS[type] ?? type}`;
