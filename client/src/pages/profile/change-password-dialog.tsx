import { useState, type FormEvent } from 'react';
import { NEW_PASSWORDS_DO_NOT_MATCH } from '@contract/password-rules';
import { messageOf } from '../../api/errors';
import { replaceToken } from '../../api/session';
import { trpc } from '../../api/trpc';
import { Dialog } from '../../components/dialog';
import { PasswordField } from '../../components/password-field';
import { PasswordRules } from '../../components/password-rules';
import { useToast } from '../../components/toast';

export const PASSWORD_CHANGED = 'Password changed successfully!';
export const PASSWORD_CHANGE_FAILED = 'Failed to change password';

const EMPTY = { current: '', next: '', verify: '' };

/**
 * Messages of this modal show inside it: while it is open the rest of the page, toasts included,
 * is inert. Success closes it and then says so in a toast.
 */
export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const notify = useToast();
  const [form, setForm] = useState(EMPTY);
  const [problem, setProblem] = useState('');
  const change = trpc.auth.profile.changePassword.useMutation();

  const close = () => {
    setForm(EMPTY);
    setProblem('');
    change.reset();
    onClose();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (form.next !== form.verify) {
      setProblem(NEW_PASSWORDS_DO_NOT_MATCH);
      return;
    }
    setProblem('');
    change.mutate(
      { currentPassword: form.current, newPassword: form.next },
      {
        onSuccess: (answer) => {
          // The change ended every older session, this one's token included.
          replaceToken(answer.token);
          close();
          notify.success(answer.message || PASSWORD_CHANGED);
        },
        onError: (error) => setProblem(messageOf(error, PASSWORD_CHANGE_FAILED)),
      },
    );
  };

  const set = (field: keyof typeof EMPTY) => (event: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [field]: event.target.value }));

  return (
    <Dialog open={open} title="Change Password" onClose={close}>
      <form onSubmit={onSubmit} className="dialog__body">
        <PasswordField label="Current Password" autoComplete="current-password" required value={form.current} onChange={set('current')} />
        <PasswordField label="New Password" autoComplete="new-password" required value={form.next} onChange={set('next')} />
        <PasswordField label="Verify New Password" autoComplete="new-password" required value={form.verify} onChange={set('verify')} />
        <PasswordRules password={form.next} />
        <p className="dialog__message dialog__message--error" role="alert">
          {problem}
        </p>
        <div className="dialog__actions">
          <button type="button" className="button button--secondary" onClick={close}>
            Cancel
          </button>
          <button type="submit" className="button button--primary" disabled={change.isPending}>
            Submit
          </button>
        </div>
      </form>
    </Dialog>
  );
}
