import { Link, useSearch } from 'wouter';
import { trpc } from '../api/trpc';
import { useDocumentTitle } from '../lib/use-document-title';
import { SignupForm } from './signup/signup-form';
import './auth.css';

/**
 * Sign-up with an invite. The invite is checked as the page opens (the server answers only valid
 * or not): a missing, bad, expired or used one shows the product's restricted page at once. When the check
 * cannot be made (rate limit, network), the form shows and the server checks again on submit.
 */
export function SignupPage() {
  useDocumentTitle('Sign Up');
  const invite = new URLSearchParams(useSearch()).get('invite');
  const check = trpc.auth.checkInvite.useQuery(
    { invite: invite ?? '' },
    { enabled: Boolean(invite), retry: false, staleTime: 0, gcTime: 0 },
  );
  if (!invite || check.data?.valid === false || check.error?.data?.httpStatus === 400) return <SignupRestricted />;
  if (check.isPending) {
    return (
      <div className="page auth">
        <p className="auth__lead" role="status">
          Checking your invite...
        </p>
      </div>
    );
  }
  return (
    <div className="page auth">
      <SignupForm inviteCode={invite} />
    </div>
  );
}

function SignupRestricted() {
  return (
    <div className="page auth">
      <section className="card auth__card auth__card--center" aria-labelledby="restricted-title">
        <h1 id="restricted-title" className="auth__title">
          Signup Restricted
        </h1>
        <p className="auth__lead">You need a valid invite link to sign up.</p>
        <Link href="/" className="button button--primary">
          Go Home
        </Link>
      </section>
    </div>
  );
}
