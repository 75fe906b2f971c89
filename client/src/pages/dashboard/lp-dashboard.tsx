import { trpc } from '../../api/trpc';
import { ErrorBoundary } from '../../components/error-boundary';
import { LpCapitalSection } from '../capital/lp-capital-section';
import { Dashboard } from './dashboard';
import '../../styles/portal-page.css';

/**
 * the product's LP dashboard, with the LP's own capital account above the product's content. It is part of this
 * page's code, its data comes in the dashboard's batch (api/prefetch-dashboard.ts), and the
 * portfolio below it waits until it has its data: loaded on its own, its arrival pushed the whole
 * portfolio down (a layout shift of 0.19 in Lighthouse's mobile run).
 */
export function LpDashboardPage() {
  const account = trpc.portfolio.capital.account.useQuery({});
  return (
    <Dashboard
      role="LP"
      introReady={!account.isPending}
      intro={
        <ErrorBoundary fallback={<p className="dashboard__status">Your capital account could not be shown.</p>}>
          <LpCapitalSection />
        </ErrorBoundary>
      }
    />
  );
}
