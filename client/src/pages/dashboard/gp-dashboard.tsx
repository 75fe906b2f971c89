import { Dashboard } from './dashboard';

export function GpDashboardPage() {
  return <Dashboard role="GP" />;
}
