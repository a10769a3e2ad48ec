import { Money } from '../../../common/money/money';
import { MAX_B2C_PART_KSH, MIN_WITHDRAWAL } from '../finance.constants';

/**
 * The amount a withdrawal takes from `balance` (docs/PRODUCT-RULES.md "Withdrawals": the whole
 * balance), in whole Ksh because a B2C `Amount` is a whole number (docs/PROVIDERS.md §1.8): the
 * cents stay in the balance. Null when the balance is under the Ksh 500 minimum
 * (docs/PRODUCT-RULES.md R32).
 */
export const withdrawableAmount = (balance: Money): Money | null => {
  if (balance.lt(MIN_WITHDRAWAL)) return null;
  return Money.ofCents(balance.cents - (balance.cents % 100));
};

/**
 * Splits a whole-Ksh withdrawal into B2C payment parts of at most `max` Ksh each (docs/PROVIDERS.md
 * §1.8: Ksh 10 … 250,000 per transaction), as even as possible so no part falls under the
 * minimum: 600,000 → [200,000, 200,000, 200,000]. Throws RangeError when `amount` has cents.
 */
export const payoutParts = (amount: Money, max = MAX_B2C_PART_KSH): Money[] => {
  const units = amount.toWholeUnits();
  if (units <= 0) throw new RangeError(`payoutParts: ${amount.toDecimal()} is not positive`);
  const count = Math.ceil(units / max);
  const base = Math.floor(units / count);
  const extra = units - base * count;
  return Array.from({ length: count }, (_, i) => Money.ofUnits(base + (i < extra ? 1 : 0)));
};

/** Final status of a withdrawal once every part has a result: all paid → W; some paid → W (the rest given back); none → F. */
export const settledStatus = (
  amount: Money,
  totalPaid: Money,
): { status: 'W' | 'F'; giveBack: Money } => ({
  status: totalPaid.isZero() ? 'F' : 'W',
  giveBack: amount.sub(totalPaid),
});
