import './skeleton.css';

const CARDS = 4;
const ROWS = 8;

/**
 * The shape of a dashboard while its code or its figures load: the price note, the stat cards,
 * the two charts and a table, in grey, where they will be. Screen readers hear one status line.
 * `withHeader`: also the market bar and the title row (while the page's own code loads).
 */
export function DashboardSkeleton({ withHeader = false }: { withHeader?: boolean }) {
  const body = (
    <div className="skeleton" role="status">
      <span className="visually-hidden">Loading portfolio...</span>
      <div aria-hidden="true">
        <div className="skeleton__bar skeleton__bar--note" />
        <div className="skeleton__cards">
          {Array.from({ length: CARDS }, (_, i) => (
            <div key={i} className="skeleton__card">
              <div className="skeleton__bar skeleton__bar--label" />
              <div className="skeleton__bar skeleton__bar--figure" />
            </div>
          ))}
        </div>
        <div className="skeleton__charts">
          <div className="skeleton__panel" />
          <div className="skeleton__panel" />
        </div>
        <div className="skeleton__bar skeleton__bar--heading" />
        <div className="skeleton__table">
          {Array.from({ length: ROWS }, (_, i) => (
            <div key={i} className="skeleton__row">
              <div className="skeleton__bar skeleton__bar--cell" />
              <div className="skeleton__bar skeleton__bar--cell" />
              <div className="skeleton__bar skeleton__bar--cell" />
            </div>
          ))}
        </div>
      </div>
    </div>
  );
  if (!withHeader) return body;
  return (
    <div className="page dashboard page-loading--skeleton">
      <div className="skeleton__market" aria-hidden="true">
        <div className="skeleton__tile" />
        <div className="skeleton__tile" />
        <div className="skeleton__tile" />
      </div>
      <div className="skeleton__bar skeleton__bar--title" aria-hidden="true" />
      {body}
    </div>
  );
}
