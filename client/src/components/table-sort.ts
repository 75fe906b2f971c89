import { dec } from '@domain/money';

/** How a column orders its rows: words, exact decimals (money, quantities, percentages) or dates. */
export type SortKind = 'text' | 'decimal' | 'date';

/** What a column sorts by; null (and text that is not a number or a date, for those kinds) sorts lowest. */
export type SortValue = string | number | null;

/**
 * A decimal read once for sorting: its nearest float, which orders any two values whose floats
 * differ (reading text as a float never reverses an order), and, for plain decimal text, its exact
 * digits, which order the values whose floats are the same. No big.js in the comparator.
 */
export interface DecimalKey {
  approx: number;
  /** Sign, integer digits without leading zeros, fraction digits without trailing zeros; null for a quote's number. */
  exact: { sign: -1 | 0 | 1; int: string; frac: string } | null;
  /** What was read, for the rare tie the digits cannot settle (a number against text). */
  source: string | number;
}

/** A row's value of a column, read once: a decimal's key, a time in milliseconds or text; null sorts lowest. */
export type SortKey = DecimalKey | number | string | null;

const PLAIN_DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?$/;

function decimalKeyOf(value: SortValue): DecimalKey | null {
  if (value === null || value === '') return null;
  if (typeof value === 'number') return Number.isFinite(value) ? { approx: value, exact: null, source: value } : null;
  const text = value.replace(/,/g, '').trim();
  const plain = PLAIN_DECIMAL.exec(text);
  if (plain && (plain[2] || plain[3])) {
    const int = (plain[2] ?? '').replace(/^0+/, '');
    const frac = (plain[3] ?? '').replace(/0+$/, '');
    const sign = int === '' && frac === '' ? 0 : plain[1] === '-' ? -1 : 1;
    return { approx: Number(text), exact: { sign, int, frac }, source: text };
  }
  // Exponent notation and the like: whatever big.js reads is a number, the rest sorts lowest.
  try {
    return { approx: dec(text).toNumber(), exact: null, source: text };
  } catch {
    return null;
  }
}

/** A calendar day (YYYY-MM-DD) or an ISO timestamp as milliseconds; a day is its midnight UTC. */
function timeOf(value: SortValue): number | null {
  if (value === null || value === '') return null;
  const time = typeof value === 'number' ? value : Date.parse(value);
  return Number.isNaN(time) ? null : time;
}

/** What a cell sorts by, worked out once per row (data-table.tsx keeps it with the row). */
export function sortKeyOf(kind: SortKind, value: SortValue): SortKey {
  if (kind === 'decimal') return decimalKeyOf(value);
  if (kind === 'date') return timeOf(value);
  return value === null ? null : String(value);
}

const missingFirst = (a: unknown, b: unknown) => (a === null ? (b === null ? 0 : -1) : 1);

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function compareDecimalKeys(x: DecimalKey, y: DecimalKey): number {
  if (x.approx !== y.approx) return x.approx < y.approx ? -1 : 1;
  const a = x.exact;
  const b = y.exact;
  if (a && b) {
    if (a.sign !== b.sign) return a.sign < b.sign ? -1 : 1;
    const magnitude =
      a.int.length !== b.int.length ? (a.int.length < b.int.length ? -1 : 1) : byText(a.int, b.int) || byText(a.frac, b.frac);
    return magnitude * a.sign;
  }
  if (!a && !b) return 0;
  // A quote's number against text with the same float: big.js settles it (rare).
  return dec(x.source).cmp(dec(y.source));
}

/** Ascending order of two keys of a column of this kind (sortKeyOf made both). */
export function compareSortKeys(kind: SortKind, a: SortKey, b: SortKey): number {
  if (a === null || b === null) return missingFirst(a, b);
  if (kind === 'decimal') return compareDecimalKeys(a as DecimalKey, b as DecimalKey);
  if (kind === 'date') return Math.sign((a as number) - (b as number));
  return collator.compare(a as string, b as string);
}

/** The one comparator of every table: ascending order of two cells of a column of this kind. */
export function compareSortValues(kind: SortKind, a: SortValue, b: SortValue): number {
  return compareSortKeys(kind, sortKeyOf(kind, a), sortKeyOf(kind, b));
}
