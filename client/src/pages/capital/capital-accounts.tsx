import { useId, useState } from 'react';
import { messageOf } from '../../api/errors';
import { trpc } from '../../api/trpc';
import { ConfirmRemoval } from '../../components/confirm-removal';
import { DataTable, type Column } from '../../components/data-table';
import { formatCalendarDate, formatCurrency, formatIrr, formatMultiple, formatQuantity, formatUnitValue } from '../../lib/format';
import { useDocumentTitle } from '../../lib/use-document-title';
import { CapitalEntries } from './capital-entries';
import { CapitalEntryForm } from './capital-entry-form';
import { OfficialNavs } from './official-navs';
import { ProvisionalMark, ProvisionalNotice } from './provisional-notice';
import type { AccountFigures, CapitalAccounts, CapitalEntry } from './capital-types';
import { StatementDownloads } from './statement-downloads';
import '../../styles/portal-page.css';
import './capital.css';

type Row = CapitalAccounts['accounts'][number];
/** A figure of the accounts' table: its text, sorted by its exact decimal. */
const figure = (key: keyof AccountFigures, header: string, text: (value: string | null) => string): Column<Row> => ({
  key,
  header,
  text: (r) => text(r.figures[key]),
  sort: 'decimal',
  sortValue: (r) => r.figures[key],
  className: 'num',
});

const columns: Column<Row>[] = [
  { key: 'name', header: 'Limited partner', text: (r) => r.name },
  figure('commitment', 'Commitment', formatCurrency),
  figure('contributed', 'Contributed', formatCurrency),
  figure('unfunded', 'Unfunded', formatCurrency),
  figure('distributed', 'Distributed', formatCurrency),
  figure('units', 'Units', formatQuantity),
  {
    ...figure('value', 'Value', formatCurrency),
    text: (r) => `${formatCurrency(r.figures.value)}${r.provisional ? ' provisional' : ''}`,
    cell: (r) => (
      <span>
        {formatCurrency(r.figures.value)}
        {r.provisional && <ProvisionalMark />}
      </span>
    ),
  },
  figure('dpi', 'DPI', formatMultiple),
  figure('rvpi', 'RVPI', formatMultiple),
  figure('tvpi', 'TVPI', formatMultiple),
  figure('irr', 'IRR', formatIrr),
];

/** The GP's Capital Accounts page: every LP and the GP side, recording and correcting entries, statements. */
export function CapitalAccountsPage() {
  useDocumentTitle('Capital Accounts');
  const utils = trpc.useUtils();
  const accounts = trpc.portfolio.capital.accounts.useQuery();
  const [chosen, setChosen] = useState<number | null>(null);
  const partnerId = useId();
  const userId = chosen ?? accounts.data?.accounts[0]?.user_id ?? null;
  const account = trpc.portfolio.capital.account.useQuery({ userId: userId ?? 0 }, { enabled: userId !== null });
  const remove = trpc.portfolio.capital.deleteEntry.useMutation();
  const [removing, setRemoving] = useState<CapitalEntry | null>(null);
  const refresh = async () => {
    await Promise.all([utils.portfolio.capital.invalidate(), utils.portfolio.invalidate()]);
  };
  const fund = accounts.data?.fund;
  const chosenName = accounts.data?.accounts.find((a) => a.user_id === userId)?.name ?? '';

  return (
    <div className="page dashboard">
      <header className="dashboard__header">
        <h1 className="page__title dashboard__title">Capital Accounts</h1>
      </header>
      {accounts.isPending ? (
        <p className="dashboard__status" role="status">
          Loading capital accounts...
        </p>
      ) : accounts.isError ? (
        <p className="dashboard__status dashboard__status--error" role="alert">
          The capital accounts could not be loaded. Please reload the page.
        </p>
      ) : (
        <>
          <p className="capital-fund">
            {fund?.start_date
              ? `Net account value ${formatCurrency(fund.net_account_value)}, ${formatQuantity(fund.units_outstanding)} units outstanding at ${formatUnitValue(fund.unit_value)} a unit, since ${formatCalendarDate(fund.start_date)}.`
              : 'Capital accounts start with the first contribution: the net account value that day is the GP side\u2019s, at $1,000.00 a unit.'}
          </p>
          {accounts.data.provisional && <ProvisionalNotice provisional={accounts.data.provisional} subject="The fund's values" />}
          <section className="capital" aria-labelledby="capital-list-title">
            <h2 id="capital-list-title" className="capital__title">
              Limited partners
            </h2>
            {accounts.data.accounts.length === 0 ? (
              <p className="capital__empty">No limited partners yet: invite one from your profile.</p>
            ) : (
              <DataTable label="Capital accounts" columns={columns} rows={accounts.data.accounts} rowKey={(r) => r.user_id} />
            )}
            <p className="capital-fund">
              GP side: {formatQuantity(accounts.data.gp.units)} units, worth {formatCurrency(accounts.data.gp.value)}.
            </p>
          </section>
          {accounts.data.accounts.length > 0 && (
            <section className="capital" aria-labelledby="capital-entries-title">
              <h2 id="capital-entries-title" className="capital__title">
                Entries of a limited partner
              </h2>
              <div className="field">
                <label className="field__label" htmlFor={partnerId}>
                  Limited partner
                </label>
                <select id={partnerId} className="field__input" value={userId ?? ''} onChange={(e) => setChosen(Number(e.target.value))}>
                  {accounts.data.accounts.map((a) => (
                    <option key={a.user_id} value={a.user_id}>
                      {a.name} ({a.email})
                    </option>
                  ))}
                </select>
              </div>
              <h3 className="capital__subtitle">Record an entry for {chosenName}</h3>
              <CapitalEntryForm userId={userId} onRecorded={refresh} />
              {userId !== null && <StatementDownloads startDate={fund?.start_date ?? null} userId={userId} />}
              {account.isPending ? (
                <p className="capital__status" role="status">
                  Loading entries...
                </p>
              ) : account.isError ? (
                <p className="capital__status capital__status--error" role="alert">
                  {messageOf(account.error, 'The entries could not be loaded.')}
                </p>
              ) : (
                <CapitalEntries
                  entries={account.data.entries}
                  label={`Entries of ${chosenName}`}
                  action={(entry) => (
                    <button type="button" className="button button--outline button--small" onClick={() => setRemoving(entry)}>
                      Remove
                      <span className="visually-hidden">
                        {' '}
                        the {entry.kind} of {formatCurrency(entry.amount)} on {entry.date}
                      </span>
                    </button>
                  )}
                />
              )}
            </section>
          )}
          <OfficialNavs onChanged={refresh} />
        </>
      )}
      <ConfirmRemoval
        item={removing}
        title="Remove this entry?"
        question={(entry) =>
          `The ${entry.kind} of ${formatCurrency(entry.amount)} on ${formatCalendarDate(entry.date)} leaves the account${entry.kind === 'commitment' ? '' : ', with its units and its cash'}.`
        }
        busy={remove.isPending}
        onRemove={(entry) => remove.mutateAsync({ id: entry.id })}
        onClose={() => setRemoving(null)}
        onRemoved={refresh}
        failure="Failed to remove the entry"
      />
    </div>
  );
}
