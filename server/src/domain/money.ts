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

/** A decimal as an integer and its number of places: 12.345 → [12345n, 3]. */
function scaledInteger(value: Decimal): [bigint, number] {
  const digits = BigInt(value.c.join(''));
  const places = value.c.length - 1 - value.e;
  const integer = places < 0 ? digits * TEN ** BigInt(-places) : digits;
  return [value.s < 0 ? -integer : integer, Math.max(places, 0)];
}

const TEN = BigInt(10);
const TWO = BigInt(2);
const BIG_ZERO = BigInt(0);
const SHIFT_20 = TEN ** BigInt(20);
const SHIFT_16 = TEN ** BigInt(16);
const SHIFT_18 = TEN ** BigInt(18);

/** n ÷ d rounded to an integer, a half away from zero (d > 0). */
export function divideHalfUp(n: bigint, d: bigint): bigint {
  const negative = n < BIG_ZERO;
  const magnitude = negative ? -n : n;
  const rounded = (magnitude * TWO + d) / (TWO * d);
  return negative ? -rounded : rounded;
}

/** big.js's `part.div(whole)` (20 places, half up) as an integer × 10^20; whole ≠ 0. */
export function quotient20(part: Decimal, whole: Decimal): bigint {
  const [p, pPlaces] = scaledInteger(part);
  const [wScaled, wPlaces] = scaledInteger(whole);
  let w = wScaled;
  // part ÷ whole = (p × 10^wPlaces) ÷ (w × 10^pPlaces); the sign goes with the numerator.
  let n = p * TEN ** BigInt(wPlaces) * SHIFT_20;
  if (w < BIG_ZERO) [n, w] = [-n, -w];
  return divideHalfUp(n, w * TEN ** BigInt(pPlaces));
}

/** An integer × 10^places as decimal text with exactly that many places ("-12.340000000000"); places > 0. */
export function scaledText(n: bigint, places: number): string {
  const digits = (n < BIG_ZERO ? -n : n).toString().padStart(places + 1, '0');
  return `${n < BIG_ZERO ? '-' : ''}${digits.slice(0, -places)}.${digits.slice(-places)}`;
}

/**
 * big.js's quotient at 20 places, half up, then rounded again half up to hundredths of `unit`
 * (10^16: the percentage's hundredths; 10^18: cents), as text with 2 places. In integers instead
 * of a big.js division: the same text at a tenth of the cost (docs/decisions/0022). A negative
 * figure that rounds to zero prints as "-0.00" with `signedZero` (big.js's toFixed does), else
 * "0.00" (big.js's round, then toFixed, does).
 */
function quotientHundredths(part: Decimal, whole: Decimal, unit: bigint, signedZero: boolean): string {
  return hundredthsText(quotient20(part, whole), unit, signedZero);
}

/**
 * An integer × 10^20 rounded half up to hundredths of `unit` and shown at 2 places; a negative
 * figure that rounds to zero is "-0.00" with `signedZero` (as big.js's toFixed shows it).
 */
export function hundredthsText(scaled: bigint, unit: bigint, signedZero: boolean): string {
  const hundredths = divideHalfUp(scaled, unit);
  const negative = hundredths < BIG_ZERO || (signedZero && hundredths === BIG_ZERO && scaled < BIG_ZERO);
  const magnitude = (hundredths < BIG_ZERO ? -hundredths : hundredths).toString().padStart(3, '0');
  return `${negative ? '-' : ''}${magnitude.slice(0, -2)}.${magnitude.slice(-2)}`;
}

/**
 * `fixed(percentOf(part, whole), 2)`, in integers: for the per-lot percentages of 20,000 lots
 * (docs/decisions/0022). null when the whole is zero.
 */
export function percentText(part: Decimal, whole: Decimal): string | null {
  return whole.c[0] === 0 ? null : quotientHundredths(part, whole, SHIFT_16, true);
}

/**
 * `centsText(toCents(part.div(whole)))`, in integers: for the value of an LP's units on each of
 * ten years of days. null when the whole is zero.
 */
export function quotientCentsText(part: Decimal, whole: Decimal): string | null {
  return whole.c[0] === 0 ? null : quotientHundredths(part, whole, SHIFT_18, false);
}

/** part ÷ whole, or null when the whole is zero. */
export function ratio(part: Decimal, whole: Decimal): Decimal | null {
  return whole.eq(0) ? null : part.div(whole);
}
