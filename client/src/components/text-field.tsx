import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>;

interface TextFieldProps extends InputProps {
  label: string;
  /** Shown under the input and read with it. */
  hint?: ReactNode;
}

/** A labelled input with an optional hint; every control of the site is labelled this way. */
export function TextField({ label, hint, className, ...input }: TextFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className={`field${className ? ` ${className}` : ''}`}>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <input id={id} className="field__input" aria-describedby={hint ? hintId : undefined} {...input} />
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
    </div>
  );
}
