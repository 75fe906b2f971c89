import { useId } from 'react';
import { acceptNumericText } from '../../../lib/numeric-text';
import type { FieldColumn } from './asset-kind';
import './asset-input.css';

interface AssetInputProps<Values> {
  column: FieldColumn<Values>;
  value: string;
  label: string;
  /** The row rule's hint when it refused this field; tied to the input for screen readers. */
  problem?: string;
  onChange: (value: string) => void;
}

/** One cell's input; numeric fields (qty and prices too) follow docs/product.md §5's rule as they are typed: letters ignored, commas removed. */
export function AssetInput<Values>({ column, value, label, problem, onChange }: AssetInputProps<Values>) {
  const problemId = useId();
  const numeric = column.input === 'numeric' || column.input === 'decimal';
  return (
    <>
      <input
        className={`cell-input cell-input--${column.input}`}
        aria-label={label}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? problemId : undefined}
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
      {problem && (
        <span id={problemId} className="cell-problem">
          {problem}
        </span>
      )}
    </>
  );
}
