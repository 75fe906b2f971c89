import { useDocumentTitle } from '../../lib/use-document-title';

/** Until the portfolio issue lands: the route, its guard and its heading, and nothing invented. */
export function DashboardPlaceholder({ title }: { title: string }) {
  useDocumentTitle(title);
  return (
    <div className="page">
      <header className="page__header">
        <h1 className="page__title">{title}</h1>
        <p className="page__lead">
          The portfolio view is coming soon: holdings, venture investments, real estate and balances will appear here.
        </p>
      </header>
    </div>
  );
}
