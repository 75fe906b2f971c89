import { DOCUMENT_KIND_LABELS, DOCUMENT_KINDS, type DocumentKind } from '@contract/document-rules';
import { SelectField } from '../../components/select-field';

export type KindFilter = DocumentKind | 'all';
export type YearFilter = string;

const KIND_OPTIONS = [
  { value: 'all' as const, label: 'All kinds' },
  ...DOCUMENT_KINDS.map((k) => ({ value: k, label: DOCUMENT_KIND_LABELS[k] })),
];

/** The list's filters: a kind, and a year among those the documents have. */
export function DocumentFilters({
  kind,
  year,
  years,
  onKind,
  onYear,
}: {
  kind: KindFilter;
  year: YearFilter;
  years: readonly number[];
  onKind: (kind: KindFilter) => void;
  onYear: (year: YearFilter) => void;
}) {
  const yearOptions = [{ value: 'all', label: 'All years' }, ...years.map((y) => ({ value: String(y), label: String(y) }))];
  return (
    <div className="documents__filters" role="group" aria-label="Filter documents">
      <SelectField label="Kind" value={kind} options={KIND_OPTIONS} onChange={onKind} />
      <SelectField label="Year" value={year} options={yearOptions} onChange={onYear} />
    </div>
  );
}

/** The documents' years, newest first. */
export const yearsOf = (documents: readonly { year: number }[]): number[] =>
  [...new Set(documents.map((d) => d.year))].sort((a, b) => b - a);

export function matches(d: { kind: DocumentKind; year: number }, kind: KindFilter, year: YearFilter): boolean {
  return (kind === 'all' || d.kind === kind) && (year === 'all' || String(d.year) === year);
}
