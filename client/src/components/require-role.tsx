import type { ReactNode } from 'react';
import { Redirect } from 'wouter';
import type { Role } from '../../../server/src/domain/roles';
import { useSession } from '../api/session';

/**
 * SPEC §4's route guard: signed out goes to /login, a role that is not allowed to /unauthorized.
 * SPEC's routes each allow one role; a page both partners read (Activity) passes both. Convenience
 * only: the server checks the role of every call itself.
 */
export function RequireRole({ role, children }: { role: Role | readonly Role[]; children: ReactNode }) {
  const session = useSession();
  if (!session) return <Redirect to="/login" replace />;
  const allowed: readonly string[] = typeof role === 'string' ? [role] : role;
  if (!allowed.includes(session.role.toUpperCase())) return <Redirect to="/unauthorized" replace />;
  return children;
}
