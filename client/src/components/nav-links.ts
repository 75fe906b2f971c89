import { isLimitedPartner } from '@contract/roles';
import type { Session } from '../api/session';

export interface NavLink {
  label: string;
  href: string;
}

/** docs/product.md §2: LP (in any case) gets the LP pages; any other role gets the GP pages. */
export function portalPaths(role: string | null | undefined): { dashboard: string; profile: string } {
  return isLimitedPartner(role)
    ? { dashboard: '/lp_dashboard', profile: '/lp_profile' }
    : { dashboard: '/gp_dashboard', profile: '/gp_profile' };
}

export function navLinks(session: Pick<Session, 'role'> | null): NavLink[] {
  if (!session) {
    return [
      { label: 'HOME', href: '/' },
      { label: 'TEAM', href: '/team' },
      { label: 'CONTACT', href: '/contact' },
      { label: 'LOG IN', href: '/login' },
    ];
  }
  const { dashboard, profile } = portalPaths(session.role);
  return [
    { label: 'DASHBOARD', href: dashboard },
    { label: 'PROFILE', href: profile },
    // The GP's documents admin is among the profile's partner tools: the GP's bar has no room left at 1440 px.
    ...(isLimitedPartner(session.role)
      ? [{ label: 'DOCUMENTS', href: '/documents' }]
      : [{ label: 'CAPITAL ACCOUNTS', href: '/capital_accounts' }]),
    { label: 'TEAM', href: '/team' },
    { label: 'CONTACT', href: '/contact' },
  ];
}
