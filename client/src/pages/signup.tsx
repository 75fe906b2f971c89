import { Link, useSearch } from 'wouter';
import { useDocumentTitle } from '../lib/use-document-title';
import { SignupForm } from './signup/signup-form';
import './auth.css';

export function SignupPage() {
  useDocumentTitle('Sign Up');
  const invite = new URLSearchParams(useSearch()).get('invite');
  if (!invite) {
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
  return (
    <div className="page auth">
      <SignupForm inviteCode={invite} />
    </div>
  );
}
