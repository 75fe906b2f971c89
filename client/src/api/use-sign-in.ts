import { useLocation } from 'wouter';
import { isRole } from '@contract/roles';
import { signOutOfGoogle } from '../lib/google-identity';
import { useToast } from '../lib/notify';
import { returnPathFromLocation } from '../lib/return-path';
import { usePrefetchDashboard } from './prefetch-dashboard';
import { clearSession, readSession, saveSession, type AuthMethod } from './session';

export const UNKNOWN_ROLE = 'Unknown role';

/**
 * SPEC §4: store the session (role upper-cased), then go to the page asked for before sign-in,
 * else the role's dashboard; the dashboard's data is asked for at once, with the token, rather
 * than once its page has mounted.
 */
export function useCompleteSignIn(): (answer: { token: string; role: string }, authMethod: AuthMethod) => void {
  const [, navigate] = useLocation();
  const notify = useToast();
  const prefetchDashboard = usePrefetchDashboard();
  return (answer, authMethod) => {
    const role = answer.role.toUpperCase();
    saveSession({ token: answer.token, role, authMethod });
    prefetchDashboard(role);
    const back = isRole(role) ? returnPathFromLocation() : null;
    if (back) navigate(back, { replace: true });
    else if (role === 'GP') navigate('/gp_dashboard');
    else if (role === 'LP') navigate('/lp_dashboard');
    else notify.error(UNKNOWN_ROLE);
  };
}

/** SPEC §4: clear the session, sign out of Google if that was the way in, go to /login. */
export function useLogout(): () => void {
  const [, navigate] = useLocation();
  return () => {
    const wasGoogle = readSession()?.authMethod === 'google';
    clearSession();
    if (wasGoogle) signOutOfGoogle();
    navigate('/login');
  };
}
