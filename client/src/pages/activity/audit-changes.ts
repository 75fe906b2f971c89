import {
  formatCalendarDate,
  formatEasternDateTime,
  formatExactPercent,
  formatPrice,
  formatQuantity,
  isIsoTimestamp,
} from '../../lib/format';
import type { AuditEvent } from './activity-types';

/**
 * The audit log's before → after, read by a person: the fields that changed, each as
 * "label: old → new". A new record lists what it was made with, a removed one what it held.
 */
export interface FieldChange {
  field: string;
  label: string;
  /** Null when the record did not exist before (added) or no longer exists (removed). */
  before: string | null;
  after: string | null;
}

export const NOTHING = '—';

type Fields = Record<string, unknown>;

const LABELS: Record<string, string> = {
  qty: 'Qty',
  price_paid: 'Price paid',
  cost_basis: 'Cost basis',
  last_price_at_date: 'Last price',
  last_price_date: 'Last price date',
  dividend_dollar: 'Dividend $',
  dividend_pct: 'Dividend %',
  total_rental_income: 'Total rental income',
  monthly_rental_income: 'Monthly rental income',
  annual_rental_income_pct: 'Annual rental income %',
  expires_at: 'Expires',
  unit_value: 'Value per unit',
  user_email: 'Partner',
};

/** Dollar amounts among the records' fields (shown as exact money, to the last kept decimal). */
const MONEY_FIELDS = new Set([
  'price_paid',
  'cost_basis',
  'cash_available',
  'margin_debit',
  'accounts_receivable',
  'last_price_at_date',
  'value',
  'dividend_dollar',
  'total_rental_income',
  'monthly_rental_income',
  'amount',
  'unit_value',
]);

/** Quantities: units and shares, to the last decimal kept, without trailing zeros. */
const QUANTITY_FIELDS = new Set(['qty', 'units']);

export function fieldLabel(field: string): string {
  const known = LABELS[field];
  if (known) return known;
  const words = field.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The order a person reads a record in. PostgreSQL's jsonb keeps keys shortest first, so the
 * stored order says nothing; fields not named here follow, alphabetically.
 */
const READING_ORDER = [
  'symbol',
  'name',
  'description',
  'asset_type',
  'exchange',
  'role',
  'qty',
  'price_paid',
  'cost_basis',
  'purchase_date',
  'last_price_at_date',
  'last_price_date',
  'value',
  'dividend_dollar',
  'dividend_pct',
  'total_rental_income',
  'monthly_rental_income',
  'annual_rental_income_pct',
  'cash_available',
  'margin_debit',
  'accounts_receivable',
  'expires_at',
];

function byReadingOrder(a: string, b: string): number {
  const rank = (f: string) => (READING_ORDER.includes(f) ? READING_ORDER.indexOf(f) : READING_ORDER.length);
  return rank(a) - rank(b) || a.localeCompare(b);
}

const isDecimal = (v: unknown): v is number | string => typeof v === 'number' || (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v));

/** One value of a record as text; money, quantities, days and moments in the site's formats. */
export function fieldValue(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return NOTHING;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (MONEY_FIELDS.has(field) && isDecimal(value)) return formatPrice(value);
  if (QUANTITY_FIELDS.has(field) && isDecimal(value)) return formatQuantity(value);
  if (field.endsWith('_pct') && isDecimal(value)) return formatExactPercent(value);
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return formatCalendarDate(value);
  if (isIsoTimestamp(value)) return formatEasternDateTime(value);
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

function recordOf(value: unknown): Fields | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'object' && !Array.isArray(value)) return value as Fields;
  return { value };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The fields that differ between before and after; the record's own id is shown with it, not here. */
export function describeChanges(before: unknown, after: unknown): FieldChange[] {
  const was = recordOf(before);
  const now = recordOf(after);
  const fields = [...new Set([...Object.keys(now ?? {}), ...Object.keys(was ?? {})])].filter((f) => f !== 'id').sort(byReadingOrder);
  return fields
    .filter((field) => {
      if (was && now) return !same(was[field], now[field]);
      const only = was ?? now;
      return only?.[field] !== null && only?.[field] !== undefined && only?.[field] !== '';
    })
    .map((field) => ({
      field,
      label: fieldLabel(field),
      before: was ? fieldValue(field, was[field]) : null,
      after: now ? fieldValue(field, now[field]) : null,
    }));
}

/** "label: old → new" (or the one side there is), as the table reads it. */
export function changeText(change: FieldChange): string {
  if (change.before !== null && change.after !== null) return `${change.label}: ${change.before} → ${change.after}`;
  return `${change.label}: ${change.after ?? change.before ?? NOTHING}`;
}

const VERBS: Record<string, string> = {
  add: 'Added',
  update: 'Updated',
  delete: 'Deleted',
  sell: 'Sold',
  'sell-part': 'Partly sold',
  revoke: 'Revoked',
};

const ENTITIES: Record<string, string> = {
  holding: 'holding',
  account_balance: 'balances',
  venture_asset: 'venture investment',
  real_estate_asset: 'real estate investment',
  invite: 'invite',
  capital_entry: 'capital account entry',
};

/** The thing a record is about: a lot's symbol, an asset's name. */
function subjectOf(event: AuditEvent): string | null {
  for (const side of [event.after, event.before]) {
    const fields = recordOf(side);
    for (const key of ['symbol', 'name', 'user_email']) {
      const v = fields?.[key];
      if (typeof v === 'string' && v !== '') return v;
    }
  }
  return null;
}

/** Actions that are not a verb on a record: money moved in or out of Cash Available. */
const ACTIONS: Record<string, string> = {
  'cash.deposit': 'Deposit into Cash Available',
  'cash.withdrawal': 'Withdrawal from Cash Available',
};

/** "Added holding AAPL (#57)", "Updated balances", "Deposit into Cash Available", "Revoked invite (#3)". */
export function describeAction(event: AuditEvent): string {
  const named = ACTIONS[event.action];
  if (named) return named;
  const verbCode = event.action.includes('.') ? event.action.slice(event.action.lastIndexOf('.') + 1) : event.action;
  const verb = VERBS[verbCode];
  const entity = ENTITIES[event.entity] ?? fieldLabel(event.entity).toLowerCase();
  const subject = subjectOf(event);
  const id = event.entity_id !== null && event.entity !== 'account_balance' ? `(#${event.entity_id})` : null;
  const head = verb ? `${verb} ${entity}` : `${fieldLabel(verbCode)} (${entity})`;
  return [head, subject, id].filter(Boolean).join(' ');
}
