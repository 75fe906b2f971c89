import { trpc } from '../../api/trpc';
import { CapitalEntries } from './capital-entries';
import { CapitalFigures } from './capital-figures';
import { ProvisionalNotice } from './provisional-notice';
import { StatementDownloads } from './statement-downloads';
import { ValueChart } from './value-chart';
import './capital.css';

/** The LP dashboard's "Your capital account": figures, entries, value over time and statements. */
export function LpCapitalSection() {
  const account = trpc.portfolio.capital.account.useQuery({});
  return (
    <section className="capital" aria-labelledby="capital-title">
      <h2 id="capital-title" className="capital__title">
        Your capital account
      </h2>
      {account.isPending ? (
        <p className="capital__status" role="status">
          Loading your capital account...
        </p>
      ) : account.isError ? (
        <p className="capital__status capital__status--error" role="alert">
          Your capital account could not be loaded. Please reload the page.
        </p>
      ) : (
        <>
          {account.data.provisional && <ProvisionalNotice provisional={account.data.provisional} subject="Your account's values" />}
          <CapitalFigures figures={account.data.figures} provisional={account.data.provisional?.figures ?? false} />
          <StatementDownloads startDate={account.data.fund.start_date} />
          <ValueChart history={account.data.history} />
          <h3 className="capital__subtitle">Entries</h3>
          <CapitalEntries entries={account.data.entries} label="Your capital account entries" />
        </>
      )}
    </section>
  );
}
