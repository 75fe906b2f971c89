import { lazy, Suspense } from 'react';
import { ErrorBoundary } from '../../components/error-boundary';
import { Dashboard } from './dashboard';

const LpCapitalSection = lazy(() => import('../capital/lp-capital-section').then((m) => ({ default: m.LpCapitalSection })));

/** SPEC's LP dashboard, with the LP's own capital account above SPEC's content. */
export function LpDashboardPage() {
  return (
    <Dashboard
      role="LP"
      intro={
        <ErrorBoundary fallback={<p className="dashboard__status">Your capital account could not be shown.</p>}>
          <Suspense fallback={<p className="dashboard__status">Loading your capital account...</p>}>
            <LpCapitalSection />
          </Suspense>
        </ErrorBoundary>
      }
    />
  );
}
