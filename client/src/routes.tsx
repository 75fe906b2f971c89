import { lazy, Suspense, useEffect, type ComponentType, type ReactNode } from 'react';
import { Route, Switch } from 'wouter';
import { ROLES, type Role } from '@contract/roles';
import { DashboardSkeleton } from './components/dashboard-skeleton';
import { RequireRole } from './components/require-role';
import { loadGpDashboard, loadLpDashboard } from './page-chunks';
import { HomePage } from './pages/home';
import { usePrefetchDashboard } from './api/prefetch-dashboard';

/** A page in its own chunk, loaded when its route is first visited. */
function lazyPage<Name extends string>(load: () => Promise<Record<Name, ComponentType>>, name: Name) {
  return lazy(() => load().then((module) => ({ default: module[name] })));
}

const TeamPage = lazyPage(() => import('./pages/team'), 'TeamPage');
const ContactPage = lazyPage(() => import('./pages/contact'), 'ContactPage');
const LoginPage = lazyPage(() => import('./pages/login'), 'LoginPage');
const SignupPage = lazyPage(() => import('./pages/signup'), 'SignupPage');
const PasswordResetPage = lazyPage(() => import('./pages/password-reset'), 'PasswordResetPage');
const UnauthorizedPage = lazyPage(() => import('./pages/unauthorized'), 'UnauthorizedPage');
const NotFoundPage = lazyPage(() => import('./pages/not-found'), 'NotFoundPage');
const GpDashboardPage = lazyPage(loadGpDashboard, 'GpDashboardPage');
const LpDashboardPage = lazyPage(loadLpDashboard, 'LpDashboardPage');
const GpProfilePage = lazyPage(() => import('./pages/profile/gp-profile'), 'GpProfilePage');
const LpProfilePage = lazyPage(() => import('./pages/profile/lp-profile'), 'LpProfilePage');
const UserInfoPage = lazyPage(() => import('./pages/admin/user-info'), 'UserInfoPage');
const SubmissionsPage = lazyPage(() => import('./pages/admin/submissions'), 'SubmissionsPage');
const ActivityPage = lazyPage(() => import('./pages/activity/activity'), 'ActivityPage');
const TwoFactorSetupPage = lazyPage(() => import('./pages/security/two-factor-setup-page'), 'TwoFactorSetupPage');
const CapitalAccountsPage = lazyPage(() => import('./pages/capital/capital-accounts'), 'CapitalAccountsPage');
const DocumentsPage = lazyPage(() => import('./pages/documents/documents-page'), 'DocumentsPage');
const ReconciliationPage = lazyPage(() => import('./pages/reconciliation/reconciliation'), 'ReconciliationPage');

/**
 * A dashboard's route: its data is asked for while its code loads (not after), and the loading
 * text takes a screen's height, so the footer stays below the fold until the dashboard (taller
 * than a screen) replaces it, instead of being pushed down.
 */
function DashboardLoading({ role, children }: { role: Role; children: ReactNode }) {
  const prefetch = usePrefetchDashboard();
  useEffect(() => prefetch(role), [prefetch, role]);
  return <Suspense fallback={<DashboardSkeleton withHeader />}>{children}</Suspense>;
}

/** docs/product.md §2's route list, and /activity, which both partners read. */
export function AppRoutes() {
  return (
    <Switch>
      <Route path="/" component={HomePage} />
      <Route path="/team" component={TeamPage} />
      <Route path="/contact" component={ContactPage} />
      <Route path="/login" component={LoginPage} />
      <Route path="/signup" component={SignupPage} />
      <Route path="/password_reset" component={PasswordResetPage} />
      <Route path="/unauthorized" component={UnauthorizedPage} />
      <Route path="/gp_dashboard">
        <RequireRole role="GP">
          <DashboardLoading role="GP">
            <GpDashboardPage />
          </DashboardLoading>
        </RequireRole>
      </Route>
      <Route path="/gp_profile">
        <RequireRole role="GP">
          <GpProfilePage />
        </RequireRole>
      </Route>
      <Route path="/user_info">
        <RequireRole role="GP">
          <UserInfoPage />
        </RequireRole>
      </Route>
      <Route path="/submissions">
        <RequireRole role="GP">
          <SubmissionsPage />
        </RequireRole>
      </Route>
      <Route path="/capital_accounts">
        <RequireRole role="GP">
          <CapitalAccountsPage />
        </RequireRole>
      </Route>
      <Route path="/reconciliation">
        <RequireRole role="GP">
          <ReconciliationPage />
        </RequireRole>
      </Route>
      <Route path="/lp_dashboard">
        <RequireRole role="LP">
          <DashboardLoading role="LP">
            <LpDashboardPage />
          </DashboardLoading>
        </RequireRole>
      </Route>
      <Route path="/lp_profile">
        <RequireRole role="LP">
          <LpProfilePage />
        </RequireRole>
      </Route>
      <Route path="/two_factor_setup">
        <RequireRole role={ROLES}>
          <TwoFactorSetupPage />
        </RequireRole>
      </Route>
      {/* An LP's own documents; for a GP, the documents' admin (docs/product.md "Documents"). */}
      <Route path="/documents">
        <RequireRole role={ROLES}>
          <DocumentsPage />
        </RequireRole>
      </Route>
      <Route path="/activity">
        <RequireRole role={ROLES}>
          <ActivityPage />
        </RequireRole>
      </Route>
      <Route component={NotFoundPage} />
    </Switch>
  );
}
