import { useState, type FormEvent } from 'react';
import { changePasswordInput } from '@contract/profile';
import { NEW_PASSWORDS_DO_NOT_MATCH } from '@contract/password-rules';
import { messageOf } from '../../api/errors';
import { replaceToken } from '../../api/session';
import { trpc } from '../../api/trpc';
import { Dialog } from '../../components/dialog';
import { DialogFooter } from '../../components/dialog-footer';
import { PasswordField } from '../../components/password-field';
import { PasswordRules } from '../../components/password-rules';
import { useToast } from '../../lib/notify';
import { useFieldErrors } from '../../lib/use-field-errors';

export const PASSWORD_CHANGED = 'Password changed successfully!';
export const PASSWORD_CHANGE_FAILED = 'Failed to change password';

const EMPTY = { currentPassword: '', newPassword: '', verify: '' };

const FIELDS = [
  { field: 'currentPassword', label: 'Current Password', autoComplete: 'current-password' },
  { field: 'newPassword', label: 'New Password', autoComplete: 'new-password' },
  { field: 'verify', label: 'Verify New Password', autoComplete: 'new-password' },
] as const;

/**
 * Messages of this modal show inside it: while it is open the rest of the page, toasts included,
 * is inert. Success closes it and then says so in a toast.
 */
export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const notify = useToast();
  const [form, setForm] = useState(EMPTY);
  const [problem, setProblem] = useState('');
  const change = trpc.auth.profile.changePassword.useMutation();
  const { formRef, errors, validate, clear, reset } = useFieldErrors();

  const close = () => {
    setForm(EMPTY);
    setProblem('');
    reset();
    change.reset();
    onClose();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setProblem('');
    const input = { currentPassword: form.currentPassword, newPassword: form.newPassword };
    // docs/product.md §5: all three are required here, and the new ones match.
    const verify = form.verify === '' ? 'Verify new password is required.' : form.newPassword !== form.verify && NEW_PASSWORDS_DO_NOT_MATCH;
    if (!validate(changePasswordInput, input, { verify }).ok) return;
    change.mutate(input, {
      onSuccess: (answer) => {
        // The change ended every older session, this one's token included.
        replaceToken(answer.token);
        close();
        notify.success(answer.message || PASSWORD_CHANGED);
      },
      onError: (error) => setProblem(messageOf(error, PASSWORD_CHANGE_FAILED)),
    });
  };

  const set = (field: keyof typeof EMPTY) => (event: { target: { value: string } }) => {
    setForm((f) => ({ ...f, [field]: event.target.value }));
    clear(field);
  };

  return (
    <Dialog open={open} title="Change Password" onClose={close}>
      <form ref={formRef} onSubmit={onSubmit} className="dialog__body" noValidate>
        {FIELDS.map(({ field, label, autoComplete }) => (
          <PasswordField
            key={field}
            label={label}
            autoComplete={autoComplete}
            required
            value={form[field]}
            error={errors[field]}
            onChange={set(field)}
          />
        ))}
        <PasswordRules password={form.newPassword} />
        <DialogFooter error={problem} onCancel={close} action="Submit" disabled={change.isPending} />
      </form>
    </Dialog>
  );
}
