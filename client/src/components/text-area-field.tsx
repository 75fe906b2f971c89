import { useId, type TextareaHTMLAttributes } from 'react';

interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  label: string;
}

export function TextAreaField({ label, className, ...textarea }: TextAreaFieldProps) {
  const id = useId();
  return (
    <div className={`field${className ? ` ${className}` : ''}`}>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <textarea id={id} className="field__input field__input--area" {...textarea} />
    </div>
  );
}
