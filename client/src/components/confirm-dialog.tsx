import { useId, type ReactNode } from 'react';
import { Dialog } from './dialog';
import { DialogFooter } from './dialog-footer';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  question: ReactNode;
  confirmLabel: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** An alert dialog asking before something is deleted. */
export function ConfirmDialog({ open, title, question, confirmLabel, busy = false, onConfirm, onCancel }: ConfirmDialogProps) {
  const questionId = useId();
  return (
    <Dialog open={open} title={title} role="alertdialog" describedBy={questionId} onClose={onCancel}>
      <div className="dialog__body">
        <p id={questionId} className="dialog__text">
          {question}
        </p>
        <DialogFooter onCancel={onCancel} action={confirmLabel} onAction={onConfirm} danger disabled={busy} />
      </div>
    </Dialog>
  );
}
