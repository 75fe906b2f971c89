import { dec, divideHalfUp, hundredthsText, scaledText } from './money';

/**
 * Decimal text as an integer and its number of places, and the few rules the valuation applies to
 * every lot, in `BigInt` (docs/decisions/0022): each gives exactly the text of the big.js rule
 * named beside it, at a fraction of the cost, for 20,000 lots revalued on every change.
 */
export interface Scaled {
  /** The digits, with the sign. */
  n: bigint;
  /** How many of them are decimals. */
  places: number;
}

const PLAIN = /^-?\d+(\.\d+)?$/;
const BIG_ZERO = BigInt(0);
const TEN = BigInt(10);
const POWERS: bigint[] = [];
/** 10^k, kept. */
export function pow10(k: number): bigint {
  let p = POWERS[k];
  if (p === undefined) {
    p = TEN ** BigInt(k);
    POWERS[k] = p;
  }
  return p;
}
const SHIFT_20 = pow10(20);
const SHIFT_16 = pow10(16);

/** "-12.3400" → { n: -123400n, places: 4 }; anything that is not plain decimal text goes through big.js. */
export function scaledOf(text: string): Scaled {
  if (!PLAIN.test(text)) return scaledOf(dec(text).toFixed());
  const point = text.indexOf('.');
  if (point < 0) return { n: BigInt(text), places: 0 };
  return { n: BigInt(text.slice(0, point) + text.slice(point + 1)), places: text.length - point - 1 };
}

/** The value at `places`, rounded half up when it has more: big.js `round(places, HALF_UP)`. */
export function atPlaces(value: Scaled, places: number): bigint {
  if (value.places <= places) return value.n * pow10(places - value.places);
  return divideHalfUp(value.n, pow10(value.places - places));
}

/** Quantity × price in cents, half up: `amountOf` (money.ts). */
export function amountCents(qty: Scaled, price: Scaled): bigint {
  return atPlaces({ n: qty.n * price.n, places: qty.places + price.places }, 2);
}

/** Integer cents as money text: `centsText` ("-1234.50"). */
export function centsOf(cents: bigint): string {
  return scaledText(cents, 2);
}

/** A value in its plain text, without trailing zeros: big.js `toFixed()` ("150.2500" → "150.25"). */
export function plainOf(value: Scaled): string {
  if (value.places === 0) return value.n.toString();
  const text = scaledText(value.n, value.places);
  let end = text.length;
  while (text.charCodeAt(end - 1) === 48) end--;
  if (text.charCodeAt(end - 1) === 46) end--;
  const plain = text.slice(0, end);
  return plain === '-0' ? '0' : plain;
}

/**
 * Integer cents below this stay exact in doubles through percentOfSmallCents: its quotient times
 * the whole and its remainder never pass 2^53.
 */
const EXACT_IN_DOUBLES = 2 ** 52;

/** part ÷ whole × 100 at 2 places, both in cents: `percentText` (money.ts); null when the whole is zero. */
export function percentOfCents(part: bigint, whole: bigint): string | null {
  if (whole === BIG_ZERO) return null;
  const p = Number(part);
  const w = Number(whole);
  if (Math.abs(p) * 10_000 < EXACT_IN_DOUBLES && Math.abs(w) < EXACT_IN_DOUBLES) return percentOfSmallCents(p, w);
  return percentOfCentsInBigInts(part, whole);
}

/** percentOfCents in `BigInt`: big.js's division at 20 places, then half up to 2. */
export function percentOfCentsInBigInts(part: bigint, whole: bigint): string | null {
  if (whole === BIG_ZERO) return null;
  const [n, d] = whole < BIG_ZERO ? [-part, -whole] : [part, whole];
  return hundredthsText(divideHalfUp(n * SHIFT_20, d), SHIFT_16, true);
}

/**
 * percentOfCents of whole cents held exactly in doubles (|part| × 10^4 and |whole| below 2^52), for
 * the 20,000 lots' shares of the liquid value at every change: the hundredths of a percent are
 * q = ⌊|part| × 10^4 ÷ |whole|⌋ and the remainder r, both exact; half up when 2r ≥ |whole|. The
 * rounding to 20 places first (big.js) can move that only when the quotient is within 10^-16 of a
 * half below it, which a whole below 10^16 cannot make. A negative share that rounds to zero is
 * "-0.00", as big.js shows it.
 */
function percentOfSmallCents(part: number, whole: number): string {
  const m = Math.abs(part) * 10_000;
  const d = Math.abs(whole);
  let q = Math.floor(m / d);
  let r = m - q * d;
  // The division of doubles may be one off either way; the remainder says which.
  if (r < 0) {
    q -= 1;
    r += d;
  } else if (r >= d) {
    q += 1;
    r -= d;
  }
  const hundredths = 2 * r >= d ? q + 1 : q;
  const negative = part !== 0 && part < 0 !== whole < 0;
  const cents = hundredths % 100;
  return `${negative ? '-' : ''}${(hundredths - cents) / 100}.${cents < 10 ? '0' : ''}${cents}`;
}
