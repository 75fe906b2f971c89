import { useEffect, useId, useRef, useState } from 'react';
import './prediction-info.css';

export const PREDICTION_DISCLAIMER =
  'The next day predicted close is a guideline from a statistical model, not financial advice. Do your own research before you trade.';

/** An info button beside the prediction header; its note opens on click and closes with Escape or a second click. */
export function PredictionInfo() {
  const [open, setOpen] = useState(false);
  const noteId = useId();
  const ref = useRef<HTMLSpanElement>(null);

  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: MouseEvent) => {
      if (ref.current && !ref.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', closeOutside);
    return () => document.removeEventListener('mousedown', closeOutside);
  }, [open]);

  return (
    <span
      className="info-popup"
      ref={ref}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          setOpen(false);
        }
      }}
    >
      <button
        type="button"
        className="info-popup__button"
        aria-label="About the predicted close"
        aria-expanded={open}
        aria-controls={noteId}
        onClick={() => setOpen((o) => !o)}
      >
        <span aria-hidden="true">i</span>
      </button>
      <span id={noteId} role="note" className="info-popup__note" hidden={!open}>
        {PREDICTION_DISCLAIMER}
      </span>
    </span>
  );
}
