import { useState, type FormEvent } from 'react';
import { loginInput } from '@contract/auth';
import { messageOf } from '../api/errors';
import { trpc } from '../api/trpc';
import { useCompleteSignIn } from '../api/use-sign-in';
import { GoogleAlternative } from '../components/google-button';
import { ShowPassword } from '../components/show-password';
import { EmailField } from '../components/email-field';
import { TextField } from '../components/text-field';
import { useToast } from '../lib/notify';
import { GOOGLE_USER_INFO_FAILED, fetchGoogleUserInfo } from '../lib/google-identity';
import { preloadDashboards } from '../page-chunks';
import { useDocumentTitle } from '../lib/use-document-title';
import { useFieldErrors } from '../lib/use-field-errors';
import { ForgotPasswordDialog } from './login/forgot-password-dialog';
import './auth.css';

export const LOGIN_FAILED = 'Login failed';
export const GOOGLE_LOGIN_FAILED = 'Google login failed';

export function LoginPage() {
  useDocumentTitle('Log In');
  const notify = useToast();
  const completeSignIn = useCompleteSignIn();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [forgotOpen, setForgotOpen] = useState(false);
  const settings = trpc.auth.clientSettings.useQuery(undefined, { staleTime: Infinity });
  const login = trpc.auth.login.useMutation();
  const googleLogin = trpc.auth.googleLogin.useMutation();
  const { formRef, errors, validate, edit } = useFieldErrors();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = { email, password };
    if (!validate(loginInput, input).ok) return;
    // The dashboard's code downloads while the server checks the password.
    preloadDashboards();
    login.mutate(input, {
      onSuccess: (answer) => completeSignIn(answer, 'local'),
      onError: (error) => notify.error(messageOf(error, LOGIN_FAILED)),
    });
  };

  const onGoogleToken = async (accessToken: string) => {
    const info = await fetchGoogleUserInfo(accessToken).catch(() => null);
    if (!info?.email) {
      notify.error(GOOGLE_USER_INFO_FAILED);
      return;
    }
    preloadDashboards();
    googleLogin.mutate(
      { email: info.email, googleId: info.sub, accessToken },
      {
        onSuccess: (answer) => completeSignIn(answer, 'google'),
        onError: (error) => notify.error(messageOf(error, GOOGLE_LOGIN_FAILED)),
      },
    );
  };

  const googleClientId = settings.data?.googleClientId;
  const busy = login.isPending || googleLogin.isPending;

  return (
    <div className="page auth">
      <form ref={formRef} className="card auth__card" onSubmit={onSubmit} noValidate aria-labelledby="login-title">
        <h1 id="login-title" className="auth__title">
          LOGIN
        </h1>
        <p className="auth__lead">Partners sign in here to see the portfolio.</p>
        <EmailField autoComplete="username" value={email} error={errors.email} onChange={edit('email', setEmail)} />
        <TextField
          label="Password"
          type={showPassword ? 'text' : 'password'}
          name="password"
          autoComplete="current-password"
          required
          value={password}
          error={errors.password}
          onChange={edit('password', setPassword)}
        />
        <div className="auth__row">
          <ShowPassword checked={showPassword} onChange={setShowPassword} />
          <button type="button" className="button button--link" onClick={() => setForgotOpen(true)}>
            Forgot Password?
          </button>
        </div>
        <button type="submit" className="button button--primary button--block" disabled={busy}>
          Log In
        </button>
        <GoogleAlternative
          clientId={googleClientId}
          label="Log in with Google"
          disabled={busy}
          onAccessToken={(token) => void onGoogleToken(token)}
          onError={() => notify.error(GOOGLE_LOGIN_FAILED)}
        />
      </form>
      <ForgotPasswordDialog open={forgotOpen} onClose={() => setForgotOpen(false)} />
    </div>
  );
}
