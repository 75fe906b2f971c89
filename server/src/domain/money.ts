import BigBase, { type Big } from 'big.js';

/**
 * Exact decimal arithmetic for every portfolio figure, on the server and in the browser alike.
 *
 * One rounding rule: half up (a half goes away from zero, as Intl.NumberFormat rounds), applied
 * only where a figure becomes money (cents) or is shown. Sums and differences of cents are exact.
 */
export type Decimal = Big;

/** Our own constructor, so no other code's settings of the shared one change ours. */
const D = BigBase();
D.DP = 20;
D.RM = BigBase.roundHalfUp;
D.NE = -30;
D.PE = 40;

export const HALF_UP = BigBase.roundHalfUp;
export const ZERO: Decimal = new D(0);
export const ONE: Decimal = new D(1);
const HUNDRED = new D(100);

/** A decimal from exact text (or a small integer); throws on anything that is not a plain number. */
export function dec(value: string | number | Decimal): Decimal {
  return new D(value);
}

export function sum(values: Iterable<Decimal>): Decimal {
  let total = ZERO;
  for (const v of values) total = total.plus(v);
  return total;
}

/** Money at cents, half up: where a quantity times a price becomes money. */
export function toCents(value: Decimal): Decimal {
  return value.round(2, HALF_UP);
}

/** Quantity × price as money: at cents, half up. The one place an amount becomes money. */
export function amountOf(qty: Decimal | string, price: Decimal | string): Decimal {
  return toCents(dec(qty).times(dec(price)));
}

/** Decimal text with exactly `places` decimals, half up ("12084.435" at 2 → "12084.44"). */
export function fixed(value: Decimal, places: number): string {
  return value.toFixed(places, HALF_UP);
}

/** Cents as text, e.g. "-1234.50". */
export function centsText(value: Decimal): string {
  return fixed(value, 2);
}

/** Plain decimal text without trailing zeros or exponent ("150.25", "0.00000001"). */
export function plain(value: Decimal): string {
  return value.toFixed();
}

/** Decimal text (as stored, "150.2500") in its plain form ("150.25"). */
export function plainText(text: string): string {
  return plain(dec(text));
}

/** part ÷ whole × 100, or null when the whole is zero (no cost, no portfolio). */
export function percentOf(part: Decimal, whole: Decimal): Decimal | null {
  return whole.eq(0) ? null : part.div(whole).times(HUNDRED);
}

/** part ÷ whole, or null when the whole is zero. */
export function ratio(part: Decimal, whole: Decimal): Decimal | null {
  return whole.eq(0) ? null : part.div(whole);
}
