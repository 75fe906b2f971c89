/**
 * How large each kind of amount may be. Two things decide the bounds:
 * - every accepted value must come back exactly as a JSON number, as docs/product.md §7's responses send
 *   them: a decimal of at most 15 significant digits survives a double both ways, so no accepted
 *   value may have more (with 2, 6 or 8 decimal places that is what caps the largest values);
 * - every value must fit the column it is stored in (schema.ts), with room to spare. Aggregates
 *   over any number of rows (portfolio_snapshots) cannot be kept small by input bounds, so their
 *   columns are unconstrained numeric.
 */
import { toDecimalText, type DecimalProblem } from './decimal';

export interface AmountRule {
  /** Decimal places the column keeps. */
  scale: number;
  /** The largest value accepted; the smallest is its negative unless the field also asks for a sign. */
  max: bigint;
}

/** Shares and coins, numeric(24, 8): a trillion units, beyond any holding of a stock and roomy for low-priced tokens. */
export const QUANTITY: AmountRule = { scale: 8, max: 1_000_000_000_000n };
/** A price per share, coin or unit, numeric(24, 8): up to a ten-billion-dollar property bought as one unit. */
export const PRICE: AmountRule = { scale: 8, max: 10_000_000_000n };
/** Dollar amounts of the books (balances, dividends, rent), numeric(20, 2): up to a trillion dollars either way. */
export const MONEY: AmountRule = { scale: 2, max: 1_000_000_000_000n };
/** A fee or commission on one trade, at cents: up to a billion dollars. */
export const FEE: AmountRule = { scale: 2, max: 1_000_000_000n };
/** Percentages (1.5 = 1.5 %), numeric(14, 6): 10,000 % (a hundred times the amount) is beyond any real yield. */
export const PERCENT: AmountRule = { scale: 6, max: 10_000n };

/** What a double carries exactly: any decimal of this many significant digits (DBL_DIG). */
export const MAX_SIGNIFICANT_DIGITS = 15;

export type AmountProblem = DecimalProblem | 'too-small' | 'too-many-digits';

/**
 * Significant digits of canonical decimal text (no leading zeros, no trailing zeros after the
 * point): "0.00012" → 2, "1200" → 2, "100.5" → 4.
 */
export function significantDigits(text: string): number {
  const [whole = '', fraction = ''] = text.replace(/^-/, '').split('.');
  const digits = `${whole}${fraction}`.replace(/^0+/, '');
  return fraction === '' ? digits.replace(/0+$/, '').length : digits.length;
}

/** Decimal text scaled to an integer count of the rule's smallest unit (1e-8 for 8 places). */
function units(text: string, scale: number): bigint {
  const [whole = '0', fraction = ''] = text.replace(/^-/, '').split('.');
  return BigInt(whole) * 10n ** BigInt(scale) + BigInt(fraction.padEnd(scale, '0') || '0');
}

/**
 * The canonical decimal text of an amount, or why it is refused: not a number, more decimal
 * places than the rule keeps, beyond its bound either way, or more significant digits than a
 * JSON number carries exactly.
 */
export function checkAmount(value: number | string, rule: AmountRule): { text: string } | { problem: AmountProblem } {
  const negative = typeof value === 'number' ? value < 0 : value.trim().startsWith('-');
  // Text is at most 40 characters, so 40 digits before the point lets every bound be checked exactly.
  const parsed = toDecimalText(value, rule.scale, 40);
  if ('problem' in parsed) {
    if (parsed.problem === 'too-large' && negative) return { problem: 'too-small' };
    return parsed;
  }
  if (units(parsed.text, rule.scale) > rule.max * 10n ** BigInt(rule.scale)) {
    return { problem: negative ? 'too-small' : 'too-large' };
  }
  if (significantDigits(parsed.text) > MAX_SIGNIFICANT_DIGITS) return { problem: 'too-many-digits' };
  return parsed;
}

/** A bound in plain words: 1000000000000n → "1,000,000,000,000". */
export const boundText = (n: bigint): string => n.toLocaleString('en-US');
