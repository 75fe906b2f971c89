import { Link } from 'wouter';

export function BackToProfile() {
  return (
    <Link href="/gp_profile" className="back-link back-link--text">
      <span aria-hidden="true">←</span> Back to profile
    </Link>
  );
}
