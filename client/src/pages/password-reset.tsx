import { useState, type FormEvent } from 'react';
import { useLocation, useSearch } from 'wouter';
import { NEW_PASSWORDS_DO_NOT_MATCH } from '@contract/password-rules';
import { messageOf } from '../api/errors';
import { trpc } from '../api/trpc';
import { PasswordField } from '../components/password-field';
import { PasswordRules } from '../components/password-rules';
import { useToast } from '../components/toast';
import { useDocumentTitle } from '../lib/use-document-title';
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

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (newPassword !== verifyPassword) {
      notify.error(NEW_PASSWORDS_DO_NOT_MATCH);
      return;
    }
    reset.mutate(
      { token, newPassword },
      {
        onSuccess: () => {
          notify.success(RESET_SUCCESS);
          navigate('/login');
        },
        onError: (error) => notify.error(messageOf(error, RESET_FAILED)),
      },
    );
  };

  return (
    <div className="page auth">
      <form className="card auth__card" onSubmit={onSubmit} aria-labelledby="reset-title">
        <h1 id="reset-title" className="auth__title">
          Reset Password
        </h1>
        <p className="auth__lead">Choose a new password for your account.</p>
        <PasswordField label="New Password" autoComplete="new-password" required value={newPassword} onChange={(e) => setNewPassword(e.target.value)} />
        <PasswordField
          label="Verify New Password"
          autoComplete="new-password"
          required
          value={verifyPassword}
          onChange={(e) => setVerifyPassword(e.target.value)}
        />
        <PasswordRules password={newPassword} />
        <button type="submit" className="button button--primary button--block" disabled={reset.isPending}>
          Submit
        </button>
      </form>
    </div>
  );
}
