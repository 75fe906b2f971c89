import { Link } from 'wouter';
import { useSession } from '../api/session';
import { portalPaths } from '../components/nav-links';
import { useDocumentTitle } from '../lib/use-document-title';

export function UnauthorizedPage() {
  useDocumentTitle('Unauthorized');
  const session = useSession();
  return (
    <div className="page page--narrow message-page">
      <h1 className="page__title">Unauthorized</h1>
      <p className="page__lead">Your account does not have access to this page.</p>
      {session ? (
        <Link href={portalPaths(session.role).dashboard} className="button button--primary">
          Go to your dashboard
        </Link>
      ) : (
        <Link href="/login" className="button button--primary">
          Log in
        </Link>
      )}
    </div>
  );
}
