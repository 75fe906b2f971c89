import { DashboardPlaceholder } from './dashboard-placeholder';

export function LpDashboardPage() {
  return <DashboardPlaceholder title="LP Dashboard" />;
}
