import { acceptNumericText } from '../../../lib/numeric-text';
import type { FieldColumn } from './asset-kind';

/** One cell's input; numeric fields (qty and prices too) follow SPEC §5's rule as they are typed: letters ignored, commas removed. */
export function AssetInput({ column, value, label, onChange }: { column: FieldColumn; value: string; label: string; onChange: (value: string) => void }) {
  const numeric = column.input === 'numeric' || column.input === 'decimal';
  return (
    <input
      className={`cell-input cell-input--${column.input}`}
      aria-label={label}
      value={value}
      type="text"
      inputMode={numeric ? 'decimal' : undefined}
      placeholder={column.input === 'date' ? 'YYYY-MM-DD' : undefined}
      autoComplete="off"
      onChange={(event) => {
        if (!numeric) return onChange(event.target.value);
        const accepted = acceptNumericText(event.target.value);
        if (accepted !== null) onChange(accepted);
      }}
    />
  );
}
