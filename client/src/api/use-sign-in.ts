import { useRef } from 'react';
import { useLocation } from 'wouter';
import { isRole } from '@contract/roles';
import { signOutOfGoogle } from '../lib/google-identity';
import { useToast } from '../lib/notify';
import { returnPathFromLocation } from '../lib/return-path';
import { usePrefetchDashboard } from './prefetch-dashboard';
import { clearSession, readSession, saveSession, type AuthMethod } from './session';
import { trpc } from './trpc';
import { TWO_FACTOR_SETUP_PATH } from './paths';

export const UNKNOWN_ROLE = 'Unknown role';

/**
 * docs/product.md §4: store the session (role upper-cased), then go to the page asked for before sign-in,
 * else the role's dashboard; the dashboard's data is asked for at once, with the token, rather
 * than once its page has mounted.
 */
export function useCompleteSignIn(): (
  answer: { token: string; role: string; secondFactorSetup?: 'required' },
  authMethod: AuthMethod,
) => void {
  const [, navigate] = useLocation();
  const notify = useToast();
  const prefetchDashboard = usePrefetchDashboard();
  return (answer, authMethod) => {
    const role = answer.role.toUpperCase();
    saveSession({ token: answer.token, role, authMethod });
    // docs/decisions/0016: a GP the policy requires to have a second factor sets it up first.
    if (answer.secondFactorSetup === 'required') {
      navigate(TWO_FACTOR_SETUP_PATH);
      return;
    }
    prefetchDashboard(role);
    const back = isRole(role) ? returnPathFromLocation() : null;
    if (back) navigate(back, { replace: true });
    else if (role === 'GP') navigate('/gp_dashboard');
    else if (role === 'LP') navigate('/lp_dashboard');
    else notify.error(UNKNOWN_ROLE);
  };
}

/** How long LOG OUT waits for the server to end the session before logging out here anyway. */
export const LOGOUT_WAIT_MS = 5_000;

/**
 * Ends the session on the server first (its token stops working everywhere at once), then as docs/product.md
 * §4 says: clear the session, sign out of Google if that was the way in, go to /login. A call that
 * fails or takes too long still logs out here.
 */
export function useLogout(): () => void {
  const [, navigate] = useLocation();
  const endOnServer = trpc.auth.logout.useMutation();
  const leaving = useRef(false);
  return () => {
    if (leaving.current) return;
    leaving.current = true;
    const session = readSession();
    const ended = session ? endOnServer.mutateAsync().catch(() => undefined) : Promise.resolve();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const waited = new Promise<void>((resolve) => (timer = setTimeout(resolve, LOGOUT_WAIT_MS)));
    void Promise.race([ended, waited]).then(() => {
      clearTimeout(timer);
      leaving.current = false;
      clearSession();
      if (session?.authMethod === 'google') signOutOfGoogle();
      navigate('/login');
    });
  };
}
