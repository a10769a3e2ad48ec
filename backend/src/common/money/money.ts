import type { ValueTransformer } from 'typeorm';
import { divRoundHalfAway, fromScaled, toScaled } from '../decimal/decimal';

/** An amount as PostgreSQL numeric(12,2) and the providers write it: optional '-', up to 13 digits, at most 2 decimals. */
const DECIMAL = /^-?\d{1,13}(?:\.\d{1,2})?$/;

/**
 * An amount of money in integer cents of one currency (Ksh by default), never a JS float
 * (docs/ARCHITECTURE.md, "Conventions"; docs/CONTRIBUTING.md §7). Immutable; every operation returns a new Money.
 * Parsing, formatting and rounding are those of the one decimal module (common/decimal/decimal.ts).
 * Stored as numeric(12,2) through `moneyColumn`.
 */
export class Money {
  private constructor(readonly cents: number) {
    if (!Number.isSafeInteger(cents))
      throw new RangeError(`Money: ${cents} is not a whole number of cents`);
  }

  static readonly ZERO = new Money(0);

  /** From integer cents. Throws RangeError when not a safe integer. */
  static ofCents(cents: number): Money {
    return new Money(cents);
  }

  /** From whole units (e.g. 200 → Ksh 200.00). Throws RangeError when not an integer. */
  static ofUnits(units: number): Money {
    if (!Number.isSafeInteger(units))
      throw new RangeError(`Money: ${units} is not a whole number of units`);
    return new Money(units * 100);
  }

  /**
   * From a decimal string with at most 2 decimals ('120', '120.5', '-3.25'), as PostgreSQL
   * numeric and provider payloads write it. Throws RangeError on anything else (no exponent,
   * no grouping, no more than 2 decimals: a third decimal would be silently lost money).
   */
  static parse(text: string): Money {
    const trimmed = String(text).trim();
    const cents = DECIMAL.test(trimmed) ? toScaled(trimmed, 2) : null;
    if (cents === null)
      throw new RangeError(`Money: '${text}' is not an amount with at most 2 decimals`);
    return new Money(Number(cents));
  }

  add(other: Money): Money {
    return new Money(this.cents + other.cents);
  }

  sub(other: Money): Money {
    return new Money(this.cents - other.cents);
  }

  /** This amount × an integer (e.g. a UGX multiplier of 30). */
  times(factor: number): Money {
    if (!Number.isSafeInteger(factor))
      throw new RangeError(`Money.times: ${factor} is not an integer`);
    return new Money(this.cents * factor);
  }

  /**
   * `percent`% of this amount, rounded half up to the cent (e.g. the tipster's 60% of a sale:
   * docs/PRODUCT-RULES.md, Money). The remainder `this.sub(share)` then adds back to the exact total.
   */
  percent(percent: number): Money {
    if (!Number.isSafeInteger(percent) || percent < 0 || percent > 100)
      throw new RangeError(`Money.percent: ${percent}`);
    return new Money(Number(divRoundHalfAway(BigInt(this.cents) * BigInt(percent), 100n)));
  }

  /** This amount × a decimal rate given as a string (e.g. NGN per Ksh '12.5'), rounded half up to the cent. */
  convert(rate: string): Money {
    const rateScaled = /^\d+(?:\.\d{1,4})?$/.test(rate) ? toScaled(rate, 4) : null;
    if (rateScaled === null) throw new RangeError(`Money.convert: bad rate '${rate}'`);
    return new Money(Number(divRoundHalfAway(BigInt(this.cents) * rateScaled, 10_000n)));
  }

  compare(other: Money): -1 | 0 | 1 {
    return this.cents < other.cents ? -1 : this.cents > other.cents ? 1 : 0;
  }
  equals(other: Money): boolean {
    return this.cents === other.cents;
  }
  gte(other: Money): boolean {
    return this.cents >= other.cents;
  }
  lt(other: Money): boolean {
    return this.cents < other.cents;
  }
  isZero(): boolean {
    return this.cents === 0;
  }

  /** Whole units when the amount has no cents, else throws (Daraja's Amount must be an integer Ksh). */
  toWholeUnits(): number {
    if (this.cents % 100 !== 0)
      throw new RangeError(`Money: ${this.toDecimal()} is not a whole amount`);
    return this.cents / 100;
  }

  /** '120.00' — the wire and database form (2 decimals, '-' for negatives). */
  toDecimal(): string {
    return fromScaled(BigInt(this.cents), 2);
  }

  toString(): string {
    return this.toDecimal();
  }
  toJSON(): string {
    return this.toDecimal();
  }
}

/** Sum of amounts (Money.ZERO for none). */
export const sumMoney = (amounts: Iterable<Money>): Money => {
  let total = Money.ZERO;
  for (const a of amounts) total = total.add(a);
  return total;
};

/** TypeORM transformer for numeric(12,2) columns: PostgreSQL's string ↔ Money (never a float). */
export const moneyTransformer: ValueTransformer = {
  to: (value: Money | null | undefined) => (value == null ? value : value.toDecimal()),
  from: (value: string | null) => (value == null ? null : Money.parse(value)),
};

/** Column options for a Ksh amount: `@Column(moneyColumn('amount_ksh')) amount: Money`. */
export const moneyColumn = (name: string, opts: { nullable?: boolean } = {}) => ({
  name,
  type: 'numeric' as const,
  precision: 12,
  scale: 2,
  nullable: opts.nullable ?? false,
  transformer: moneyTransformer,
});
