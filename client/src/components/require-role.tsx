import type { ReactNode } from 'react';
import { Redirect } from 'wouter';
import type { Role } from '@contract/roles';
import { useSession } from '../api/session';
import { loginPathFor } from '../lib/return-path';

/**
 * docs/product.md §4's route guard: signed out goes to /login, a role that is not allowed to /unauthorized.
 * The product's routes each allow one role; a page both partners read (Activity) passes both. Convenience
 * only: the server checks the role of every call itself.
 */
export function RequireRole({ role, children }: { role: Role | readonly Role[]; children: ReactNode }) {
  const session = useSession();
  // The page asked for comes back after sign-in (same-origin paths only).
  if (!session) return <Redirect to={loginPathFor(`${window.location.pathname}${window.location.search}`)} replace />;
  const allowed: readonly string[] = typeof role === 'string' ? [role] : role;
  if (!allowed.includes(session.role.toUpperCase())) return <Redirect to="/unauthorized" replace />;
  return children;
}
