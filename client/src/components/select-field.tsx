import { FieldError, useFieldDescription } from './field-parts';

export interface SelectOption<V extends string> {
  value: V;
  label: string;
}

interface SelectFieldProps<V extends string> {
  label: string;
  value: V;
  options: readonly SelectOption<V>[];
  onChange: (value: V) => void;
  /** Why the choice was refused: shown under the select, read with it, and the select marked invalid. */
  error?: string;
}

/** A labelled select of a few fixed choices, labelled and described as TextField's inputs are. */
export function SelectField<V extends string>({ label, value, options, onChange, error }: SelectFieldProps<V>) {
  const { id, errorId, aria } = useFieldDescription({ hint: false, error, describedBy: undefined });
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="field__input"
        value={value}
        // The options are the only values the select can take.
        onChange={(event) => onChange(event.target.value as V)}
        {...aria}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldError id={errorId} error={error} />
    </div>
  );
}
