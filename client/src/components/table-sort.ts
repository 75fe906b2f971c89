import { dec, type Decimal } from '@domain/money';

/** How a column orders its rows: words, exact decimals (money, quantities, percentages) or dates. */
export type SortKind = 'text' | 'decimal' | 'date';

/** What a column sorts by; null (and text that is not a number or a date, for those kinds) sorts lowest. */
export type SortValue = string | number | null;

/** Decimal text or a quote's number as a decimal, exactly: big.js reads the text, never a float of it. */
function decimalOf(value: SortValue): Decimal | null {
  if (value === null || value === '') return null;
  try {
    return dec(typeof value === 'string' ? value.replace(/,/g, '').trim() : value);
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

const missingFirst = (a: unknown, b: unknown) => (a === null ? (b === null ? 0 : -1) : 1);

/** The one comparator of every table: ascending order of two cells of a column of this kind. */
export function compareSortValues(kind: SortKind, a: SortValue, b: SortValue): number {
  if (kind === 'decimal') {
    const x = decimalOf(a);
    const y = decimalOf(b);
    return x === null || y === null ? missingFirst(x, y) : x.cmp(y);
  }
  if (kind === 'date') {
    const x = timeOf(a);
    const y = timeOf(b);
    return x === null || y === null ? missingFirst(x, y) : Math.sign(x - y);
  }
  if (a === null || b === null) return missingFirst(a, b);
  return String(a).localeCompare(String(b), 'en', { numeric: true, sensitivity: 'base' });
}
