import type { TextareaHTMLAttributes } from 'react';
import { FieldError, useFieldDescription } from './field-parts';

interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'aria-invalid'> {
  label: string;
  error?: string;
}

export function TextAreaField({ label, error, className, 'aria-describedby': describedBy, ...textarea }: TextAreaFieldProps) {
  const { id, errorId, aria } = useFieldDescription({ hint: false, error, describedBy });
  return (
    <div className={`field${className ? ` ${className}` : ''}`}>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <textarea id={id} className="field__input field__input--area" {...textarea} {...aria} />
      <FieldError id={errorId} error={error} />
    </div>
  );
}
