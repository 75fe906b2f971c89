import { useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { signupInput } from '@contract/auth';
import { PASSWORD_RULE_MESSAGE, PASSWORDS_DO_NOT_MATCH, meetsPasswordRule } from '@contract/password-rules';
import { messageOf } from '../../api/errors';
import { trpc } from '../../api/trpc';
import { GoogleAlternative } from '../../components/google-button';
import { ShowPassword } from '../../components/show-password';
import { PasswordRules } from '../../components/password-rules';
import { TextField } from '../../components/text-field';
import { useToast } from '../../lib/notify';
import { GOOGLE_USER_INFO_FAILED, fetchGoogleUserInfo } from '../../lib/google-identity';
import { useFieldErrors } from '../../lib/use-field-errors';

export const SIGNUP_FAILED = 'Signup failed';
export const SIGNUP_SUCCESS = 'Signup successful';
export const GOOGLE_SIGNUP_FAILED = 'Google signup failed';

const EMPTY = { firstName: '', lastName: '', email: '', password: '', confirmPassword: '' };

/** docs/product.md §5's checks the sign-up service makes beyond its input schema: the passwords match and meet the rule. */
const passwordChecks = (form: typeof EMPTY) => ({
  password: !meetsPasswordRule(form.password) && PASSWORD_RULE_MESSAGE,
  confirmPassword: form.password !== form.confirmPassword && PASSWORDS_DO_NOT_MATCH,
});

export function SignupForm({ inviteCode }: { inviteCode: string }) {
  const notify = useToast();
  const [, navigate] = useLocation();
  const [form, setForm] = useState(EMPTY);
  const [showPassword, setShowPassword] = useState(false);
  const settings = trpc.auth.clientSettings.useQuery(undefined, { staleTime: Infinity });
  const signup = trpc.auth.signup.useMutation();
  const googleSignup = trpc.auth.googleSignup.useMutation();
  const { formRef, errors, validate, clear } = useFieldErrors();

  const field = (name: keyof typeof EMPTY) => ({
    name,
    value: form[name],
    error: errors[name],
    onChange: (e: { target: { value: string } }) => {
      setForm((f) => ({ ...f, [name]: e.target.value }));
      clear(name);
    },
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = { ...form, inviteCode };
    const checked = validate(signupInput, input, passwordChecks(form));
    if (!checked.ok) {
      // The invite is not a field of the form: its refusal is said here.
      if (checked.errors.inviteCode) notify.error(checked.errors.inviteCode);
      return;
    }
    signup.mutate(input, {
      onSuccess: (answer) => {
        notify.success(answer.message || SIGNUP_SUCCESS);
        navigate('/login');
      },
      onError: (error) => notify.error(messageOf(error, SIGNUP_FAILED)),
    });
  };

  const onGoogleToken = async (accessToken: string) => {
    const info = await fetchGoogleUserInfo(accessToken).catch(() => null);
    if (!info?.email) {
      notify.error(GOOGLE_USER_INFO_FAILED);
      return;
    }
    googleSignup.mutate(
      {
        email: info.email,
        firstName: info.given_name || 'Google',
        lastName: info.family_name || 'User',
        googleId: info.sub,
        inviteCode,
        accessToken,
      },
      {
        onSuccess: () => {
          notify.success(SIGNUP_SUCCESS);
          navigate('/login');
        },
        onError: (error) => notify.error(messageOf(error, GOOGLE_SIGNUP_FAILED)),
      },
    );
  };

  const googleClientId = settings.data?.googleClientId;
  const busy = signup.isPending || googleSignup.isPending;
  const passwordType = showPassword ? 'text' : 'password';

  return (
    <form ref={formRef} className="card auth__card auth__card--wide" onSubmit={onSubmit} noValidate aria-labelledby="signup-title">
      <h1 id="signup-title" className="auth__title">
        Sign Up
      </h1>
      <p className="auth__lead">You have been invited to the partner portal. Create your account below.</p>
      <div className="form-grid">
        <TextField label="First Name" autoComplete="given-name" required {...field('firstName')} />
        <TextField label="Last Name" autoComplete="family-name" required {...field('lastName')} />
      </div>
      <TextField label="Email" type="email" autoComplete="email" required {...field('email')} />
      <TextField
        label="Password"
        type={passwordType}
        autoComplete="new-password"
        required
        aria-describedby="signup-rules"
        {...field('password')}
      />
      <TextField label="Confirm Password" type={passwordType} autoComplete="new-password" required {...field('confirmPassword')} />
      <ShowPassword checked={showPassword} onChange={setShowPassword} />
      <PasswordRules id="signup-rules" password={form.password} />
      <button type="submit" className="button button--primary button--block" disabled={busy}>
        Sign Up
      </button>
      <GoogleAlternative
        clientId={googleClientId}
        label="Sign up with Google"
        disabled={busy}
        onAccessToken={(token) => void onGoogleToken(token)}
        onError={() => notify.error(GOOGLE_SIGNUP_FAILED)}
      />
    </form>
  );
}
