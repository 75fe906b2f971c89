import { DashboardPlaceholder } from './dashboard-placeholder';

export function GpDashboardPage() {
  return <DashboardPlaceholder title="GP Dashboard" />;
}
