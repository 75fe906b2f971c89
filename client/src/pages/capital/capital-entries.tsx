import type { ReactNode } from 'react';
import { CAPITAL_KIND_LABELS } from '@contract/capital-rules';
import { DataTable, type Column } from '../../components/data-table';
import { formatCalendarDate, formatCurrency, formatQuantity, formatUnitValue } from '../../lib/format';
import type { CapitalEntry } from './capital-types';
import { OfficialMark, ProvisionalMark } from './provisional-notice';

const unitValueText = (e: CapitalEntry) => formatUnitValue(e.unit_value, '');

const columns: Column<CapitalEntry>[] = [
  { key: 'date', header: 'Date', text: (e) => formatCalendarDate(e.date), sort: 'date', sortValue: (e) => e.date },
  { key: 'kind', header: 'Kind', text: (e) => CAPITAL_KIND_LABELS[e.kind] },
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
    text: (e) => `${unitValueText(e)}${e.official ? ' official' : ''}${e.provisional ? ' provisional' : ''}`,
    cell: (e) => (
      <span>
        {unitValueText(e)}
        {e.official && <OfficialMark />}
        {e.provisional && <ProvisionalMark />}
      </span>
    ),
    sort: 'decimal',
    sortValue: (e) => e.unit_value,
    className: 'num',
  },
  {
    key: 'recorded_on',
    header: 'Recorded',
    text: (e) => formatCalendarDate(e.recorded_on),
    sort: 'date',
    sortValue: (e) => e.recorded_on,
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
