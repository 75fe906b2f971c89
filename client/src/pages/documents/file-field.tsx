import { forwardRef } from 'react';
import { FieldError, useFieldDescription } from '../../components/field-parts';

/** A labelled PDF file input, described and marked invalid as the site's other fields are. */
export const FileField = forwardRef<HTMLInputElement, { label: string; error: string | undefined; onChange: () => void }>(
  function FileField({ label, error, onChange }, ref) {
    const { id, hintId, errorId, aria } = useFieldDescription({ hint: true, error, describedBy: undefined });
    return (
      <div className="field">
        <label htmlFor={id} className="field__label">
          {label}
        </label>
        <input
          ref={ref}
          id={id}
          name="file"
          type="file"
          accept="application/pdf,.pdf"
          className="field__input documents__file"
          onChange={onChange}
          {...aria}
        />
        <p id={hintId} className="field__hint">
          A PDF of at most 25 MB, its name ending in .pdf.
        </p>
        <FieldError id={errorId} error={error} />
      </div>
    );
  },
);
