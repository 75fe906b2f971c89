import { useId, useState, type FormEvent } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { DownloadError, downloadFile } from '../../api/download';
import { httpStatusOf, messageOf } from '../../api/errors';
import { useSession } from '../../api/session';
import { trpc } from '../../api/trpc';
import { DataTable, type Column, type TableRow } from '../../components/data-table';
import { portalPaths } from '../../components/nav-links';
import { TextField } from '../../components/text-field';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useMediaQuery } from '../../lib/use-media-query';
import { isLedgerKind, KIND_LABELS, KINDS, PAGE_SIZE, PHONE_PAGE_SIZE, type LedgerKind } from './activity-types';
import { AUDIT_COLUMNS, LEDGER_COLUMNS } from './columns';
import './activity.css';

export const NO_ACTIVITY = 'No activity yet.';
export const NO_MATCHES = 'No transactions match these filters.';
export const NO_AUDIT_EVENTS = 'No changes have been logged yet.';
export const TRANSACTIONS_FAILED = 'Failed to load transactions.';
export const AUDIT_FAILED = 'Failed to load the audit log.';
export const LOAD_MORE_FAILED = 'Failed to load more. Please try again.';
export const DOWNLOAD_FAILED = 'Failed to download transactions.csv.';
export const CSV_PATH = '/api/export/transactions.csv';

interface Filters {
  symbol?: string;
  kind?: LedgerKind;
}

/** A list the server answers a page at a time, newest first; `next` is the `before` of the next page. */
function usePagedList<Page extends { next: number | null }>(key: readonly unknown[], load: (before: number | undefined) => Promise<Page>) {
  return useInfiniteQuery({
    queryKey: key,
    queryFn: ({ pageParam }) => load(pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last: Page) => last.next ?? undefined,
  });
}

/** A refused filter (400) says what was wrong with it; anything else gets the page's own text. */
const failureText = (error: unknown, fallback: string) => (httpStatusOf(error) === 400 ? messageOf(error, fallback) : fallback);

/** What the table needs of a paged query. */
interface PagedQuery {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data?: unknown;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => Promise<unknown>;
}

function countText(count: number, more: boolean, [one, many]: [string, string]): string {
  if (count === 1) return more ? `Showing the newest ${one}.` : `Showing 1 ${one}.`;
  return more ? `Showing the newest ${count} ${many}.` : `Showing all ${count} ${many}.`;
}

interface PagedTableProps<Row extends TableRow> {
  query: PagedQuery;
  rows: Row[];
  label: string;
  columns: Column<Row>[];
  rowKey: (row: Row) => number;
  noun: [string, string];
  failed: string;
  empty: string;
}

/**
 * Loading, failure, empty, or the table with "Load more" while there is more. A phone, where each
 * row is a card, shows PHONE_PAGE_SIZE rows at a time of what the server sent (a page of PAGE_SIZE).
 */
function PagedTable<Row extends TableRow>({ query, rows, label, columns, rowKey, noun, failed, empty }: PagedTableProps<Row>) {
  const phone = useMediaQuery('(max-width: 720px)');
  const [shownOnPhone, setShownOnPhone] = useState(PHONE_PAGE_SIZE);
  if (query.isPending) return <p className="activity__status">Loading...</p>;
  if (query.isError && !query.data) {
    return (
      <p className="activity__error" role="alert">
        {failureText(query.error, failed)}
      </p>
    );
  }
  if (rows.length === 0) return <p className="activity__status">{empty}</p>;
  const shown = phone ? rows.slice(0, shownOnPhone) : rows;
  const more = shown.length < rows.length || query.hasNextPage;
  const loadMore = () => {
    if (phone) setShownOnPhone(shown.length + PHONE_PAGE_SIZE);
    if (shown.length + (phone ? PHONE_PAGE_SIZE : 0) >= rows.length && query.hasNextPage) void query.fetchNextPage();
  };
  return (
    <>
      <DataTable label={label} columns={columns} rows={shown} rowKey={rowKey} sortable={false} />
      <div className="activity__more">
        <p className="activity__count" aria-live="polite">
          {countText(shown.length, more, noun)}
        </p>
        {more && (
          <button type="button" className="button button--secondary" disabled={query.isFetchingNextPage} onClick={loadMore}>
            {query.isFetchingNextPage ? 'Loading more...' : 'Load more'}
          </button>
        )}
        {query.isFetchNextPageError && (
          <p className="activity__error" role="alert">
            {LOAD_MORE_FAILED}
          </p>
        )}
      </div>
    </>
  );
}

/** The ledger and the audit log, for both partners to read; nothing here changes anything. */
export function ActivityPage() {
  useDocumentTitle('Activity');
  const session = useSession();
  const utils = trpc.useUtils();
  const kindId = useId();
  const [symbolDraft, setSymbolDraft] = useState('');
  const [kindDraft, setKindDraft] = useState<LedgerKind | ''>('');
  const [filters, setFilters] = useState<Filters>({});
  const [downloading, setDownloading] = useState(false);
  const [downloadError, setDownloadError] = useState('');

  const transactions = usePagedList(['activity.transactions', filters], (before) =>
    utils.client.portfolio.activity.transactions.query({ limit: PAGE_SIZE, ...filters, before }),
  );
  const audit = usePagedList(['activity.auditEvents'], (before) =>
    utils.client.portfolio.activity.auditEvents.query({ limit: PAGE_SIZE, before }),
  );
  const entries = transactions.data?.pages.flatMap((p) => p.entries) ?? [];
  const events = audit.data?.pages.flatMap((p) => p.events) ?? [];
  const filtered = filters.symbol !== undefined || filters.kind !== undefined;

  const apply = (symbol: string, kind: LedgerKind | '') => {
    const trimmed = symbol.trim().toUpperCase();
    setFilters({ ...(trimmed ? { symbol: trimmed } : {}), ...(kind ? { kind } : {}) });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    apply(symbolDraft, kindDraft);
  };
  const clear = () => {
    setSymbolDraft('');
    setKindDraft('');
    setFilters({});
  };

  const download = async () => {
    setDownloading(true);
    setDownloadError('');
    try {
      await downloadFile(CSV_PATH, 'transactions.csv');
    } catch (error) {
      console.error('Downloading transactions.csv failed:', error);
      setDownloadError(error instanceof DownloadError ? `${DOWNLOAD_FAILED} ${error.message}` : DOWNLOAD_FAILED);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <div className="page activity">
      <Link href={portalPaths(session?.role).dashboard} className="back-link back-link--text">
        <span aria-hidden="true">←</span> Back to dashboard
      </Link>
      <header className="page__header">
        <h1 className="page__title">Activity</h1>
        <p className="page__lead">
          Every buy, sale, correction, balance edit and private-asset change in the books, and who made each change. This page only reads;
          times are shown in US Eastern time.
        </p>
      </header>

      <section className="activity__section" aria-labelledby="transactions-heading">
        <div className="activity__section-header">
          <h2 id="transactions-heading" className="activity__subtitle">
            Transactions
          </h2>
          <div className="activity__export">
            <button type="button" className="button button--outline" onClick={() => void download()} disabled={downloading}>
              {downloading ? 'Downloading...' : 'Download CSV'}
            </button>
            <p className="activity__hint">Every transaction, whatever the filters.</p>
          </div>
        </div>
        {downloadError && (
          <p className="activity__error" role="alert">
            {downloadError}
          </p>
        )}
        <form className="activity__filters" role="search" aria-label="Filter transactions" onSubmit={submit}>
          <TextField
            className="activity__filter"
            label="Symbol"
            name="symbol"
            placeholder="e.g. AAPL"
            autoComplete="off"
            maxLength={15}
            value={symbolDraft}
            onChange={(e) => setSymbolDraft(e.target.value.toUpperCase())}
          />
          <div className="field activity__filter">
            <label htmlFor={kindId} className="field__label">
              Kind
            </label>
            <select
              id={kindId}
              className="field__input"
              value={kindDraft}
              onChange={(e) => {
                const kind = isLedgerKind(e.target.value) ? e.target.value : '';
                setKindDraft(kind);
                apply(symbolDraft, kind);
              }}
            >
              <option value="">All kinds</option>
              {KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {KIND_LABELS[kind]}
                </option>
              ))}
            </select>
          </div>
          <div className="activity__filter-actions">
            <button type="submit" className="button button--primary">
              Apply filters
            </button>
            {filtered && (
              <button type="button" className="button button--secondary" onClick={clear}>
                Clear filters
              </button>
            )}
          </div>
        </form>
        <PagedTable
          query={transactions}
          rows={entries}
          label="Transactions table"
          columns={LEDGER_COLUMNS}
          rowKey={(e) => e.id}
          noun={['transaction', 'transactions']}
          failed={TRANSACTIONS_FAILED}
          empty={filtered ? NO_MATCHES : NO_ACTIVITY}
        />
      </section>

      <section className="activity__section" aria-labelledby="audit-heading">
        <h2 id="audit-heading" className="activity__subtitle">
          Audit Log
        </h2>
        <PagedTable
          query={audit}
          rows={events}
          label="Audit Log table"
          columns={AUDIT_COLUMNS}
          rowKey={(e) => e.id}
          noun={['event', 'events']}
          failed={AUDIT_FAILED}
          empty={NO_AUDIT_EVENTS}
        />
      </section>
    </div>
  );
}
