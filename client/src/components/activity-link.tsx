import { Link } from 'wouter';
import './activity-link.css';

/** The dashboards' way to the Activity page (the ledger and the audit log). */
export function ActivityLink() {
  return (
    <Link href="/activity" className="activity-link">
      Activity
    </Link>
  );
}
