import { useState, type FormEvent } from 'react';
import { requestPasswordResetInput } from '@contract/password-reset';
import { messageOf } from '../../api/errors';
import { trpc } from '../../api/trpc';
import { Dialog } from '../../components/dialog';
import { DialogFooter } from '../../components/dialog-footer';
import { EmailField } from '../../components/email-field';
import { useFieldErrors } from '../../lib/use-field-errors';

export const RESET_REQUEST_FAILED = 'Something went wrong.';

/**
 * docs/product.md §4: sending shows the answer and disables Send; Cancel (then reading 'Done') closes and
 * clears the e-mail and the message. A failed request may be tried again.
 */
export function ForgotPasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState<{ text: string; failed: boolean } | null>(null);
  const [sent, setSent] = useState(false);
  const request = trpc.auth.passwordReset.request.useMutation();
  const { formRef, errors, validate, edit, reset } = useFieldErrors();

  const close = () => {
    setEmail('');
    reset();
    setMessage(null);
    setSent(false);
    request.reset();
    onClose();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!validate(requestPasswordResetInput, { email }).ok) return;
    request.mutate(
      { email },
      {
        onSuccess: (answer) => {
          setMessage({ text: answer.message, failed: false });
          setSent(true);
        },
        onError: (error) => setMessage({ text: messageOf(error, RESET_REQUEST_FAILED), failed: true }),
      },
    );
  };

  return (
    <Dialog open={open} title="Reset Your Password" onClose={close} describedBy="forgot-password-help">
      <form ref={formRef} onSubmit={onSubmit} className="dialog__body" noValidate>
        <p id="forgot-password-help" className="dialog__text">
          Enter the email address of your account and we will send you a link to set a new password.
        </p>
        <EmailField autoComplete="email" value={email} error={errors.email} onChange={edit('email', setEmail)} />
        <p className={`dialog__message${message?.failed ? ' dialog__message--error' : ''}`} role="status">
          {message?.text}
        </p>
        <DialogFooter
          onCancel={close}
          cancelLabel={sent ? 'Done' : 'Cancel'}
          action="Send Reset Link"
          disabled={sent || request.isPending}
        />
      </form>
    </Dialog>
  );
}
