import { Link } from 'wouter';
import { useDocumentTitle } from '../lib/use-document-title';

export function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <div className="page page--narrow message-page">
      <h1 className="page__title">Page not found</h1>
      <p className="page__lead">The page you were looking for does not exist.</p>
      <Link href="/" className="button button--primary">
        Go Home
      </Link>
    </div>
  );
}
