import { useLocation } from 'wouter';
import { useLogout } from '../../api/use-sign-in';
import { useSession } from '../../api/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { TotpSetup } from './totp-setup';
import '../auth.css';
import './security.css';

/**
 * Where a GP is taken at sign-in when the policy requires a second factor and they have none
 * (docs/decisions/0016): nothing else answers them until it is set up.
 */
export function TwoFactorSetupPage() {
  useDocumentTitle('Set up two-factor sign-in');
  const [, navigate] = useLocation();
  const logout = useLogout();
  const session = useSession();
  return (
    <div className="page auth">
      <div className="card auth__card auth__card--wide">
        <h1 className="auth__title">SET UP TWO-FACTOR SIGN-IN</h1>
        <p className="auth__lead">
          General partners sign in with a password and a code from an authenticator app. Set it up now to reach the portal.
        </p>
        <TotpSetup onDone={() => navigate(session?.role === 'LP' ? '/lp_dashboard' : '/gp_dashboard')} />
        <div className="auth__row">
          <button type="button" className="button button--link" onClick={logout}>
            Log out
          </button>
        </div>
      </div>
    </div>
  );
}
