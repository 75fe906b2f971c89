import type { ReactNode } from 'react';
import { DataTable, type Column } from '../../components/data-table';
import { formatCalendarDate, formatCurrency, formatPrice, formatQuantity } from '../../lib/format';
import type { CapitalEntry } from './capital-types';

const KIND_LABEL: Record<CapitalEntry['kind'], string> = {
  commitment: 'Commitment',
  contribution: 'Contribution',
  distribution: 'Distribution',
};

const columns: Column<CapitalEntry>[] = [
  { key: 'date', header: 'Date', text: (e) => formatCalendarDate(e.date), sort: 'date', sortValue: (e) => e.date },
  { key: 'kind', header: 'Kind', text: (e) => KIND_LABEL[e.kind] },
  { key: 'amount', header: 'Amount', text: (e) => formatCurrency(e.amount), sort: 'decimal', sortValue: (e) => e.amount, className: 'num' },
  {
    key: 'units',
    header: 'Units',
    text: (e) => (e.kind === 'commitment' ? '' : formatQuantity(e.units)),
    sort: 'decimal',
    sortValue: (e) => e.units,
    className: 'num',
  },
  {
    key: 'unit_value',
    header: 'Value per unit',
    text: (e) => formatPrice(e.unit_value, ''),
    sort: 'decimal',
    sortValue: (e) => e.unit_value,
    className: 'num',
  },
];

/** An account's entries, oldest first; the GP's page adds a correction button per row. */
export function CapitalEntries({
  entries,
  label,
  action,
}: {
  entries: CapitalEntry[];
  label: string;
  action?: (entry: CapitalEntry) => ReactNode;
}) {
  if (entries.length === 0) return <p className="capital__empty">No entries yet.</p>;
  return (
    <DataTable
      label={label}
      columns={columns}
      rows={entries}
      rowKey={(e) => e.id}
      {...(action ? { actions: { header: 'Correct', cell: action } } : {})}
    />
  );
}
