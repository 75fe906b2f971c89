import { Dashboard } from './dashboard';

export function LpDashboardPage() {
  return <Dashboard role="LP" />;
}
