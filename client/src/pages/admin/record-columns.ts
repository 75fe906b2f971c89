import type { Column } from '../../components/data-table';
import type { SortKind } from '../../components/table-sort';
import { formatEasternDateTime, isIsoTimestamp } from '../../lib/format';

export type ApiRecord = Record<string, string | number | null>;

const HEADER_WORDS: Record<string, string> = { id: 'ID' };

/** "first_name" -> "First Name", "user_id" -> "User ID". */
export function headerFor(field: string): string {
  return field
    .split('_')
    .map((word) => HEADER_WORDS[word] ?? word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

export function cellText(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '—';
  if (isIsoTimestamp(value)) return formatEasternDateTime(value, '', { zone: false });
  return String(value);
}

/** A field of numbers sorts by size, one of timestamps by time, any other alphabetically. */
function sortKindOf(rows: ApiRecord[], field: string): SortKind {
  const values = rows.map((row) => row[field]).filter((value) => value !== null && value !== undefined);
  if (values.length > 0 && values.every((value) => typeof value === 'number')) return 'decimal';
  if (values.length > 0 && values.every((value) => isIsoTimestamp(value))) return 'date';
  return 'text';
}

/** docs/product.md §2: every field the server returns is a column, in the order it sends them. */
export function recordColumns(rows: ApiRecord[]): Column<ApiRecord>[] {
  const fields = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  return fields.map((field) => ({
    key: field,
    header: headerFor(field),
    text: (row) => cellText(row[field]),
    sort: sortKindOf(rows, field),
    sortValue: (row) => row[field] ?? null,
  }));
}

/** docs/product.md §2: rows where any field contains the text, ignoring case. */
export function matchesSearch(row: ApiRecord, query: string): boolean {
  const needle = query.trim().toLowerCase();
  if (!needle) return true;
  return Object.values(row).some(
    (value) => value !== null && (String(value).toLowerCase().includes(needle) || cellText(value).toLowerCase().includes(needle)),
  );
}
