import { messageOf } from '../api/errors';
import { useToast } from '../lib/notify';
import { ConfirmDialog } from './confirm-dialog';

interface ConfirmRemovalProps<T> {
  /** What the partner asked to remove; the dialog is open while there is one. */
  item: T | null;
  title: string;
  question: (item: T) => string;
  /** While the removal is on its way. */
  busy: boolean;
  /** Removes it; the server's answer says what was done. */
  onRemove: (item: T) => Promise<{ message: string }>;
  /** Called when the dialog closes, whatever happened. */
  onClose: () => void;
  /** Reads again what the removal changed, before saying it is done. */
  onRemoved: () => Promise<unknown>;
  /** What the error notice says when the server gives no readable reason. */
  failure: string;
}

/** Asks before a row is removed, removes it, then says what happened (or why it did not). */
export function ConfirmRemoval<T>({ item, title, question, busy, onRemove, onClose, onRemoved, failure }: ConfirmRemovalProps<T>) {
  const notify = useToast();
  const confirm = async (removing: T) => {
    try {
      const answer = await onRemove(removing);
      onClose();
      await onRemoved();
      notify.success(answer.message);
    } catch (error) {
      onClose();
      notify.error(messageOf(error, failure));
    }
  };
  return (
    <ConfirmDialog
      open={item !== null}
      title={title}
      question={item === null ? '' : question(item)}
      confirmLabel="Remove"
      busy={busy}
      onCancel={onClose}
      onConfirm={() => {
        if (item !== null) void confirm(item);
      }}
    />
  );
}
