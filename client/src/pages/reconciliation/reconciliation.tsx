import { useState, type FormEvent } from 'react';
import { FILE_NAME_MAX, FILE_TOO_LARGE, RECONCILIATION_FILE_MAX_BYTES } from '@contract/reconciliation-rules';
import type { ReconciliationLine, ReconciliationOutput, ReconciliationSummary } from '@contract/reconciliation';
import { bookDateProblem } from '@contract/book-dates';
import { isCalendarDay } from '@domain/dates';
import { messageOf } from '../../api/errors';
import { trpc } from '../../api/trpc';
import { DataTable, type Column } from '../../components/data-table';
import { TextField } from '../../components/text-field';
import { easternDayOf, formatCalendarDate, formatCurrency, formatEasternDateTime, formatQuantity } from '../../lib/format';
import { useDocumentTitle } from '../../lib/use-document-title';
import '../../styles/portal-page.css';
import './reconciliation.css';

export const RUN_FAILED = 'The reconciliation could not be run.';
export const CHOOSE_FILE = 'Choose the broker’s positions file (CSV).';

/** A difference with its sign ("+2.5", "−10"), or "0". */
const signedQuantity = (text: string) =>
  text === '0' ? '0' : text.startsWith('-') ? `−${formatQuantity(text.slice(1))}` : `+${formatQuantity(text)}`;
const signedCurrency = (text: string) =>
  /^-?0(\.0+)?$/.test(text) ? formatCurrency('0') : text.startsWith('-') ? `−${formatCurrency(text.slice(1))}` : `+${formatCurrency(text)}`;

const lineColumns: Column<ReconciliationLine>[] = [
  { key: 'symbol', header: 'Symbol', text: (l) => l.symbol },
  { key: 'here', header: 'Portal', text: (l) => formatQuantity(l.here), sort: 'decimal', sortValue: (l) => l.here, className: 'num' },
  { key: 'broker', header: 'Broker', text: (l) => formatQuantity(l.broker), sort: 'decimal', sortValue: (l) => l.broker, className: 'num' },
  {
    key: 'difference',
    header: 'Difference',
    text: (l) => signedQuantity(l.difference),
    sort: 'decimal',
    sortValue: (l) => l.difference,
    className: 'num',
    cellClassName: (l) => (l.agrees ? '' : 'reconciliation__differs'),
  },
  {
    key: 'status',
    header: 'Status',
    text: (l) => (l.agrees ? 'Agrees' : 'Differs'),
    cell: (l) => (l.agrees ? <span>Agrees</span> : <strong className="reconciliation__differs">Differs</strong>),
  },
];

/** One run's outcome: the plain message, every symbol compared, and the cash line. */
function RunResult({ run }: { run: ReconciliationOutput }) {
  const cash = run.cash;
  return (
    <section className="reconciliation__panel" aria-labelledby="reconciliation-result-title">
      <h2 id="reconciliation-result-title" className="reconciliation__title">
        Result for {formatCalendarDate(run.date)}
      </h2>
      <p className={run.clean ? 'reconciliation__outcome reconciliation__outcome--clean' : 'reconciliation__outcome'} role="status">
        {run.clean ? '✓ ' : '⚠ '}
        {run.message}
      </p>
      <p className="reconciliation__meta">
        {run.file_name}, run by {run.run_by} on {formatEasternDateTime(run.run_at)}.
        {cash ? '' : ' The file gave no cash, so cash was not compared.'}
      </p>
      <DataTable
        label={`Positions on ${formatCalendarDate(run.date)}: portal and broker`}
        columns={lineColumns}
        // The differences first, so they are the first thing seen on a phone too.
        rows={[...run.lines].sort((a, b) => Number(a.agrees) - Number(b.agrees))}
        rowKey={(l) => l.symbol}
        rowClassName={(l) => (l.agrees ? undefined : 'reconciliation__row--differs')}
        empty="Neither side holds any position."
        footer={
          cash
            ? [
                {
                  key: 'cash',
                  label: 'Cash',
                  className: cash.agrees ? undefined : 'reconciliation__row--differs',
                  cells: {
                    here: { content: formatCurrency(cash.here) },
                    broker: { content: formatCurrency(cash.broker) },
                    difference: { content: signedCurrency(cash.difference), className: cash.agrees ? '' : 'reconciliation__differs' },
                    status: { content: cash.agrees ? 'Agrees' : <strong className="reconciliation__differs">Differs</strong> },
                  },
                },
              ]
            : []
        }
      />
    </section>
  );
}

/** The GP's Reconciliation page (docs/reconciliation.md): run one from the broker's file, see past runs. */
export function ReconciliationPage() {
  useDocumentTitle('Reconciliation');
  const utils = trpc.useUtils();
  const runs = trpc.portfolio.reconciliation.list.useQuery();
  const run = trpc.portfolio.reconciliation.run.useMutation();
  const [date, setDate] = useState(() => easternDayOf(new Date()) ?? '');
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState('');
  const [dateError, setDateError] = useState<string | undefined>(undefined);
  const [shown, setShown] = useState<ReconciliationOutput | null>(null);
  const [opening, setOpening] = useState<number | null>(null);
  const opened = trpc.portfolio.reconciliation.get.useQuery({ id: opening ?? 0 }, { enabled: opening !== null });
  const result = opening !== null ? (opened.data ?? null) : shown;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem('');
    const day = date.trim();
    const dateProblem = !isCalendarDay(day) ? 'Date must be a date in YYYY-MM-DD form.' : bookDateProblem(day, new Date());
    setDateError(dateProblem ?? undefined);
    if (dateProblem) return;
    if (!file) return setProblem(CHOOSE_FILE);
    if (file.size > RECONCILIATION_FILE_MAX_BYTES) return setProblem(FILE_TOO_LARGE);
    let csv: string;
    try {
      csv = await file.text();
    } catch {
      return setProblem('The file could not be read. Choose it again.');
    }
    run.mutate(
      { date: day, file_name: file.name.slice(0, FILE_NAME_MAX), csv },
      {
        onSuccess: async (answer) => {
          setOpening(null);
          setShown(answer);
          await utils.portfolio.reconciliation.list.invalidate();
        },
        onError: (error) => setProblem(messageOf(error, RUN_FAILED)),
      },
    );
  };

  const runColumns: Column<ReconciliationSummary>[] = [
    { key: 'date', header: 'Date', text: (r) => formatCalendarDate(r.date), sort: 'text', sortValue: (r) => r.date },
    { key: 'run_by', header: 'Run by', text: (r) => r.run_by },
    { key: 'run_at', header: 'When', text: (r) => formatEasternDateTime(r.run_at), sort: 'text', sortValue: (r) => r.run_at },
    { key: 'file', header: 'File', text: (r) => r.file_name },
    {
      key: 'differences',
      header: 'Differences',
      text: (r) => (r.clean ? 'None' : String(r.difference_count)),
      cell: (r) => (r.clean ? <span>None</span> : <strong className="reconciliation__differs">{r.difference_count}</strong>),
      className: 'num',
    },
  ];

  return (
    <div className="page dashboard reconciliation">
      <header className="dashboard__header">
        <h1 className="page__title dashboard__title">Reconciliation</h1>
      </header>
      <section className="reconciliation__panel" aria-labelledby="reconciliation-run-title">
        <h2 id="reconciliation-run-title" className="reconciliation__title">
          Compare with the broker
        </h2>
        <p className="reconciliation__help">
          Upload the broker’s positions for a day as CSV: a header <code>symbol,quantity</code>, one row a symbol, and optionally a row{' '}
          <code>Cash,12345.67</code>. A Schwab positions export works as it is. At most 100 KB.
        </p>
        <form className="reconciliation__form" onSubmit={(e) => void submit(e)} noValidate aria-label="Run a reconciliation">
          <TextField
            label="Positions as of"
            name="date"
            type="date"
            required
            value={date}
            error={dateError}
            onChange={(e) => {
              setDate(e.target.value);
              setDateError(undefined);
            }}
          />
          <div className="field">
            <label className="field__label" htmlFor="reconciliation-file">
              Broker’s positions file (CSV)
            </label>
            <input
              id="reconciliation-file"
              className="field__input reconciliation__file"
              type="file"
              accept=".csv,text/csv"
              onChange={(e) => {
                setFile(e.target.files?.[0] ?? null);
                setProblem('');
              }}
            />
          </div>
          <button type="submit" className="button button--primary" disabled={run.isPending}>
            {run.isPending ? 'Running...' : 'Run reconciliation'}
          </button>
        </form>
        <p className="reconciliation__problem" role="alert">
          {problem}
        </p>
      </section>

      {opening !== null && opened.isPending && (
        <p className="reconciliation__meta" role="status">
          Loading the run...
        </p>
      )}
      {opening !== null && opened.isError && (
        <p className="reconciliation__problem" role="alert">
          {messageOf(opened.error, 'The run could not be loaded.')}
        </p>
      )}
      {result && <RunResult run={result} />}

      <section className="reconciliation__panel" aria-labelledby="reconciliation-runs-title">
        <h2 id="reconciliation-runs-title" className="reconciliation__title">
          Past runs
        </h2>
        {runs.isPending ? (
          <p className="reconciliation__meta" role="status">
            Loading past runs...
          </p>
        ) : runs.isError ? (
          <p className="reconciliation__problem" role="alert">
            {messageOf(runs.error, 'The past runs could not be loaded. Please reload the page.')}
          </p>
        ) : (
          <DataTable
            label="Past reconciliations"
            columns={runColumns}
            rows={runs.data.runs}
            rowKey={(r) => r.id}
            empty="No reconciliation has been run yet."
            actions={{
              header: <span className="visually-hidden">Open</span>,
              cell: (r) => (
                <button type="button" className="button button--outline button--small" onClick={() => setOpening(r.id)}>
                  Open
                  <span className="visually-hidden">
                    {' '}
                    the run of {formatCalendarDate(r.date)} at {formatEasternDateTime(r.run_at)}
                  </span>
                </button>
              ),
            }}
          />
        )}
      </section>
    </div>
  );
}
