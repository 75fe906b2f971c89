import type { ReactNode } from 'react';

interface DialogFooterProps {
  /** The dialog's refusal, announced as it appears; given (even empty), its line is kept above the buttons. */
  error?: string;
  /** Closes the dialog without doing anything ("Cancel", or "Done" once there is nothing left to do). */
  onCancel: () => void;
  cancelLabel?: string;
  /** The dialog's action. Without `onAction` it submits the dialog's form. */
  action: ReactNode;
  onAction?: () => void;
  /** A deletion is shown as one. */
  danger?: boolean;
  disabled?: boolean;
  /** What the action button is read with (the sale's outcome). */
  actionDescribedBy?: string;
}

/** The foot of every dialog: its refusal, then Cancel and the action, in that order. */
export function DialogFooter({
  error,
  onCancel,
  cancelLabel = 'Cancel',
  action,
  onAction,
  danger = false,
  disabled = false,
  actionDescribedBy,
}: DialogFooterProps) {
  return (
    <>
      {error !== undefined && (
        <p className="dialog__message dialog__message--error" role="alert">
          {error}
        </p>
      )}
      <div className="dialog__actions">
        <button type="button" className="button button--secondary" onClick={onCancel}>
          {cancelLabel}
        </button>
        <button
          type={onAction ? 'button' : 'submit'}
          className={`button ${danger ? 'button--danger' : 'button--primary'}`}
          disabled={disabled}
          onClick={onAction}
          aria-describedby={actionDescribedBy}
        >
          {action}
        </button>
      </div>
    </>
  );
}
