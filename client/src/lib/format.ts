/**
 * The one place numbers, money and times are turned into text (docs/product.md §9: money in en-US with two
 * decimals, percent change with sign and two decimals, times of submissions in US Eastern time).
 */
import { dollarsFormat as currency, quantityFormat as quantity, unitValueFormat as unitValue } from '@contract/number-formats';
import { irrPercentText, multipleText } from '@contract/capital-rules';
import { NOT_AVAILABLE } from '@contract/quotes';
import { easternDateTime } from '@domain/dates';

export const EASTERN_TIME_ZONE = 'America/New_York';

const money = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
// Prices are kept to 8 decimal places (a fraction of a cent for a cheap coin): shown to the last one kept.
const price = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 8 });

type Numeric = number | string | null | undefined;
/** A number, or exact decimal text that Intl rounds once (half up) without passing through a float. */
type Exact = number | Intl.StringNumericLiteral;

const DECIMAL_TEXT = /^[+-]?(\d+\.?\d*|\.\d+)$/;

/** Money arrives as numbers or as numeric strings (PostgreSQL numeric); anything else is not a number. */
export function toNumber(value: Numeric): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : null;
}

/** The value as Intl takes it: decimal text stays text, so "12084.435" shows as 12,084.44 exactly. */
function exact(value: Numeric): Exact | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  const text = value.trim();
  return DECIMAL_TEXT.test(text) ? (text as Intl.StringNumericLiteral) : null;
}

function signOf(x: Exact): -1 | 0 | 1 {
  if (typeof x === 'number') return x > 0 ? 1 : x < 0 ? -1 : 0;
  if (/^[+-]?0*\.?0*$/.test(x)) return 0;
  return x.startsWith('-') ? -1 : 1;
}

const magnitude = (x: Exact): Exact => (typeof x === 'number' ? Math.abs(x) : (x.replace(/^[+-]/, '') as Intl.StringNumericLiteral));

/** 1234.5 -> "1,234.50" (for columns headed "$"). */
export function formatMoney(value: Numeric, empty = NOT_AVAILABLE): string {
  const x = exact(value);
  return x === null ? empty : money.format(x);
}

/** 1234.5 -> "$1,234.50"; negative amounts as "-$1,234.50". */
export function formatCurrency(value: Numeric, empty = NOT_AVAILABLE): string {
  const x = exact(value);
  return x === null ? empty : currency.format(x);
}

/** A unit price as stored, never rounded away: "150" -> "$150.00", "0.00001234" -> "$0.00001234". */
export function formatPrice(value: Numeric, empty = NOT_AVAILABLE): string {
  const x = exact(value);
  return x === null ? empty : price.format(x);
}

/** A value per unit, kept to 8 places, shown to 4 (half up): "948.42365599" -> "$948.4237". */
export function formatUnitValue(value: Numeric, empty = NOT_AVAILABLE): string {
  const x = exact(value);
  return x === null ? empty : unitValue.format(x);
}

/** 12.345 -> "12.35%"; with `signed`, "+12.35%" and "-0.40%". */
export function formatPercent(value: Numeric, options: { signed?: boolean; empty?: string } = {}): string {
  const x = exact(value);
  if (x === null) return options.empty ?? NOT_AVAILABLE;
  const text = `${money.format(magnitude(x))}%`;
  const sign = signOf(x);
  if (sign < 0 && text !== '0.00%') return `-${text}`;
  return options.signed && sign > 0 && text !== '0.00%' ? `+${text}` : text;
}

/** A fraction's decimal text × 100, exactly, by moving the point: "0.012345" -> "1.2345", "-0.5" -> "-50.0". */
function fractionToPercentText(text: Intl.StringNumericLiteral): Intl.StringNumericLiteral {
  const [, sign = '', whole = '', fraction = ''] = /^([+-]?)(\d*)\.?(\d*)$/.exec(text) ?? [];
  const digits = fraction.padEnd(2, '0');
  return `${sign}${whole}${digits.slice(0, 2)}.${digits.slice(2) || '0'}` as Intl.StringNumericLiteral;
}

/** A rate kept as a fraction (returns, drawdown, volatility) in percent, 2 decimals: "0.012345678901" -> "1.23%". */
export function formatRate(value: Numeric, options: { signed?: boolean; empty?: string } = {}): string {
  const x = exact(value);
  if (x === null) return options.empty ?? NOT_AVAILABLE;
  return formatPercent(typeof x === 'number' ? x * 100 : fractionToPercentText(x), options);
}

const exactPercent = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 8 });

/** A stored percentage to the last decimal it keeps, at least 2: "0.000000" -> "0.00%", "4.125" -> "4.125%". */
export function formatExactPercent(value: Numeric, empty = NOT_AVAILABLE): string {
  const x = exact(value);
  return x === null ? empty : `${exactPercent.format(x)}%`;
}

/** A change with its sign: "+1.25", "-0.40". */
export function formatSignedMoney(value: Numeric, empty = NOT_AVAILABLE): string {
  const x = exact(value);
  if (x === null) return empty;
  const text = money.format(magnitude(x));
  const sign = text === '0.00' ? 0 : signOf(x);
  return `${sign > 0 ? '+' : sign < 0 ? '-' : ''}${text}`;
}

/** 1234.5 -> "+$1,234.50", -1234.5 -> "-$1,234.50": a gain or loss reads right without its color. */
export function formatSignedCurrency(value: Numeric, empty = NOT_AVAILABLE): string {
  const x = exact(value);
  if (x === null) return empty;
  const text = currency.format(magnitude(x));
  const sign = text === '$0.00' ? 0 : signOf(x);
  return sign > 0 ? `+${text}` : sign < 0 ? `-${text}` : text;
}

/** A plain figure with two decimals, such as a P/E ratio: 28.456 -> "28.46". */
export function formatRatio(value: Numeric, empty = NOT_AVAILABLE): string {
  return formatMoney(value, empty);
}

/** A capital account's multiple (DPI, RVPI, TVPI) as the statements write it: "1.2500" -> "1.2500x". */
export function formatMultiple(value: string | null): string {
  return value === null ? NOT_AVAILABLE : multipleText(value);
}

/** The IRR, a fraction to 4 places, as a percent a year: "0.0969" -> "9.69% a year" (as the statements write it). */
export function formatIrr(irr: string | null): string {
  return irr === null ? NOT_AVAILABLE : irrPercentText(irr);
}

/** Gains green, losses red: the class a signed figure takes (never its only cue). */
export function toneOf(value: Numeric): 'gain' | 'loss' | 'flat' {
  const n = toNumber(value);
  return n === null || n === 0 ? 'flat' : n > 0 ? 'gain' : 'loss';
}

/** Quantities keep their fractions (crypto), without trailing zeros. */
export function formatQuantity(value: Numeric, empty = NOT_AVAILABLE): string {
  const x = exact(value);
  return x === null ? empty : quantity.format(x);
}

/** docs/product.md §9: market cap is stored in millions and shown in billions. */
export function formatMarketCap(millions: Numeric): string {
  const n = toNumber(millions);
  return n === null || n === 0 ? NOT_AVAILABLE : `${money.format(n / 1000)}B`;
}

/** A chart's percent axis: 2.5 -> "2.5%", one decimal. */
export function formatPercentTick(value: number): string {
  return `${value.toFixed(1)}%`;
}

/** A chart's money axis, in whole thousands: 125000 -> "$125k". */
export function formatThousandsTick(value: number): string {
  return `$${Math.round(value / 1000).toLocaleString('en-US')}k`;
}

function toDate(value: string | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const easternDateTimeNoZone = new Intl.DateTimeFormat('en-US', {
  timeZone: EASTERN_TIME_ZONE,
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/**
 * A moment in US Eastern time: "Nov 21, 2025, 7:55 AM EST". Tables whose page says the zone once
 * leave it out of each cell (`zone: false`).
 */
export function formatEasternDateTime(value: string | Date | null | undefined, empty = '', options: { zone?: boolean } = {}): string {
  const date = toDate(value);
  if (!date) return empty;
  return options.zone === false ? easternDateTimeNoZone.format(date) : easternDateTime(date);
}

const easternTime = new Intl.DateTimeFormat('en-US', { timeZone: EASTERN_TIME_ZONE, hour: 'numeric', minute: '2-digit' });

/** The US Eastern time of day of a moment ("6:30 AM"). */
export function formatEasternTime(value: string | Date | null | undefined, empty = ''): string {
  const date = toDate(value);
  return date ? easternTime.format(date) : empty;
}

const easternDay = new Intl.DateTimeFormat('en-CA', { timeZone: EASTERN_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** The US Eastern calendar day of a moment, as YYYY-MM-DD ("2026-01-16T03:00:00Z" -> "2026-01-15"). */
export function easternDayOf(value: string | Date | null | undefined): string | null {
  const date = toDate(value);
  return date ? easternDay.format(date) : null;
}

const calendarDate = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', year: 'numeric', month: 'short', day: 'numeric' });

/** A calendar date such as a purchase date ("2025-03-14" -> "Mar 14, 2025"), never shifted by a time zone. */
export function formatCalendarDate(value: string | null | undefined, empty = ''): string {
  if (!value) return empty;
  const date = toDate(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  return date ? calendarDate.format(date) : empty;
}

const monthDay = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric' });
const monthYear = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'short', year: 'numeric' });

/** A calendar date (YYYY-MM-DD) as a chart's axis names it: "Oct 6", or with `month`, "Oct 2026". */
export function formatAxisDate(date: string, options: { month?: boolean } = {}): string {
  return (options.month ? monthYear : monthDay).format(new Date(`${date}T00:00:00Z`));
}

/** True for the ISO timestamps the API sends (so generic tables can show them in Eastern time). */
export function isIsoTimestamp(value: unknown): value is string {
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value) && toDate(value) !== null;
}

/** A 10-digit US phone number as "(212) 555-0199"; anything else as it was given. */
export function formatPhone(digits: string): string {
  const match = /^(\d{3})(\d{3})(\d{4})$/.exec(digits);
  return match ? `(${match[1]}) ${match[2]}-${match[3]}` : digits;
}

const quoteTime = new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', weekday: 'short', hour: 'numeric', minute: '2-digit' });

/** When a quote's price was set, short, in New York time: "Fri 4:00 PM ET". */
export function formatQuoteTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? '' : `${quoteTime.format(at)} ET`;
}

/** A file's size as people read it: "840 KB", "12.3 MB" (1 KB = 1,024 bytes). */
export function formatFileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}
