import type { ReactNode } from 'react';
import { Redirect } from 'wouter';
import type { Role } from '../../../server/src/domain/roles';
import { useSession } from '../api/session';

/**
 * SPEC §4's route guard, for one allowed role. Convenience only: the server checks the role of
 * every call itself.
 */
export function RequireRole({ role, children }: { role: Role; children: ReactNode }) {
  const session = useSession();
  if (!session) return <Redirect to="/login" replace />;
  if (session.role.toUpperCase() !== role) return <Redirect to="/unauthorized" replace />;
  return children;
}
