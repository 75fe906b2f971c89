import { useState, type FormEvent } from 'react';
import { useLocation, useSearch } from 'wouter';
import { resetPasswordInput } from '@contract/password-reset';
import { NEW_PASSWORDS_DO_NOT_MATCH } from '@contract/password-rules';
import { messageOf } from '../api/errors';
import { trpc } from '../api/trpc';
import { PasswordField } from '../components/password-field';
import { PasswordRules } from '../components/password-rules';
import { useToast } from '../lib/notify';
import { useDocumentTitle } from '../lib/use-document-title';
import { useFieldErrors } from '../lib/use-field-errors';
import './auth.css';

export const RESET_SUCCESS = 'Password reset successfully!';
export const RESET_FAILED = 'Failed to reset password';

export function PasswordResetPage() {
  useDocumentTitle('Reset Password');
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const notify = useToast();
  const [, navigate] = useLocation();
  const [newPassword, setNewPassword] = useState('');
  const [verifyPassword, setVerifyPassword] = useState('');
  const reset = trpc.auth.passwordReset.setPassword.useMutation();
  const { formRef, errors, validate, clear } = useFieldErrors();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = { token, newPassword };
    const checked = validate(resetPasswordInput, input, { verifyPassword: newPassword !== verifyPassword && NEW_PASSWORDS_DO_NOT_MATCH });
    if (!checked.ok) {
      // The link's token is no field of the form: a missing one is said here.
      if (checked.errors.token) notify.error(checked.errors.token);
      return;
    }
    reset.mutate(input, {
      onSuccess: () => {
        notify.success(RESET_SUCCESS);
        navigate('/login');
      },
      onError: (error) => notify.error(messageOf(error, RESET_FAILED)),
    });
  };

  return (
    <div className="page auth">
      <form ref={formRef} className="card auth__card" onSubmit={onSubmit} noValidate aria-labelledby="reset-title">
        <h1 id="reset-title" className="auth__title">
          Reset Password
        </h1>
        <p className="auth__lead">Choose a new password for your account.</p>
        <PasswordField
          label="New Password"
          autoComplete="new-password"
          required
          value={newPassword}
          error={errors.newPassword}
          onChange={(e) => {
            setNewPassword(e.target.value);
            clear('newPassword');
          }}
        />
        <PasswordField
          label="Verify New Password"
          autoComplete="new-password"
          required
          value={verifyPassword}
          error={errors.verifyPassword}
          onChange={(e) => {
            setVerifyPassword(e.target.value);
            clear('verifyPassword');
          }}
        />
        <PasswordRules password={newPassword} />
        <button type="submit" className="button button--primary button--block" disabled={reset.isPending}>
          Submit
        </button>
      </form>
    </div>
  );
}
