import { useId, useRef, useState, type FormEvent } from 'react';
import { IMPORT_FORMAT_NAMES, IMPORT_FORMATS, IMPORT_MAX_BYTES, IMPORT_TOO_LARGE } from '@contract/import-rules';
import type { ImportCommitOutput, ImportLineView, ImportPreviewOutput, ImportRecord } from '@contract/imports';
import { trpc } from '../../api/trpc';
import { postFile, UploadError, type UploadProgress } from '../../api/upload';
import { DataTable, type Column } from '../../components/data-table';
import { formatCurrency, formatEasternDateTime, formatQuantity } from '../../lib/format';
import { useDocumentTitle } from '../../lib/use-document-title';
import '../../styles/portal-page.css';
import './import-page.css';

/** The most preview lines the table shows; the counts and problems cover every line. */
const SHOWN_LINES = 500;

const STATUS_WORDS: Record<ImportLineView['status'], string> = { new: 'New', duplicate: 'Already imported', error: 'Problem' };

const lineColumns: Column<ImportLineView>[] = [
  { key: 'line', header: 'Line', text: (r) => String(r.line), className: 'num' },
  {
    key: 'status',
    header: 'Status',
    text: (r) => STATUS_WORDS[r.status],
    cellClassName: (r) => `import-status import-status--${r.status}`,
  },
  { key: 'date', header: 'Date', text: (r) => r.date ?? '' },
  { key: 'kind', header: 'Kind', text: (r) => r.kind ?? '' },
  { key: 'symbol', header: 'Symbol', text: (r) => r.symbol ?? '' },
  { key: 'qty', header: 'Quantity', text: (r) => (r.qty ? formatQuantity(r.qty) : ''), className: 'num' },
  {
    key: 'amount',
    header: 'Amount',
    text: (r) => (r.amount ? formatCurrency(r.amount) : r.price ? formatCurrency(r.price) : ''),
    className: 'num',
  },
  { key: 'becomes', header: 'Becomes', text: (r) => r.becomes },
];

const pastColumns: Column<ImportRecord>[] = [
  { key: 'at', header: 'When', text: (r) => formatEasternDateTime(r.at) },
  { key: 'file_name', header: 'File', text: (r) => r.file_name },
  { key: 'format', header: 'Format', text: (r) => IMPORT_FORMAT_NAMES[r.format] },
  { key: 'added', header: 'Added', text: (r) => String(r.added), className: 'num' },
  { key: 'duplicates', header: 'Duplicates', text: (r) => String(r.duplicates), className: 'num' },
  { key: 'actor_email', header: 'By', text: (r) => r.actor_email },
];

type Format = 'auto' | (typeof IMPORT_FORMATS)[number];

interface Busy {
  label: string;
  /** What is said while the file is sent ("Preview:" or "Importing…"), and once it has arrived, what the server does. */
  lead: string;
  working: string;
  progress: UploadProgress;
}

/** The upload's progress, then (no measure of the server's work: the bar runs without a value) what the server is doing. */
function ProgressBar({ busy }: { busy: Busy }) {
  const { progress, label } = busy;
  const percent = progress.fraction === null ? null : Math.round(progress.fraction * 100);
  return (
    <div className="import-progress" role="status" aria-live="polite">
      <progress className="import-progress__bar" aria-label={label} {...(percent === null ? {} : { value: percent, max: 100 })} />
      <span>
        {progress.phase === 'sending' ? `${busy.lead} sending the file${percent === null ? '' : ` (${percent}%)`}…` : busy.working}
      </span>
    </div>
  );
}

/** The GP's Import page (docs/imports.md): a broker's or the generic CSV, previewed, then committed all or nothing. */
export function ImportPage() {
  useDocumentTitle('Import');
  const utils = trpc.useUtils();
  const past = trpc.portfolio.imports.list.useQuery();
  const formatId = useId();
  const fileId = useId();
  const fileHintId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [format, setFormat] = useState<Format>('auto');
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [preview, setPreview] = useState<ImportPreviewOutput | null>(null);
  const [result, setResult] = useState<ImportCommitOutput | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<Busy | null>(null);

  const choose = async (chosen: File | undefined) => {
    setPreview(null);
    setResult(null);
    setError(null);
    setFile(null);
    if (!chosen) return;
    if (chosen.size > IMPORT_MAX_BYTES) {
      setError(IMPORT_TOO_LARGE);
      return;
    }
    setFile({ name: chosen.name, text: await chosen.text() });
  };

  const run = async <T,>(label: string, lead: string, working: string, path: string): Promise<T | null> => {
    if (!file) {
      setError('Choose a CSV file first.');
      return null;
    }
    setError(null);
    setBusy({ label, lead, working, progress: { phase: 'sending', fraction: 0 } });
    try {
      return await postFile<T>(path, { file_name: file.name, format, csv: file.text }, (progress) =>
        setBusy({ label, lead, working, progress }),
      );
    } catch (e) {
      setError(e instanceof UploadError ? e.message : 'The file could not be sent.');
      return null;
    } finally {
      setBusy(null);
    }
  };

  const onPreview = async (e: FormEvent) => {
    e.preventDefault();
    setResult(null);
    const answer = await run<ImportPreviewOutput>('Preview', 'Preview:', 'Preview: checking every line…', '/api/imports/preview');
    if (answer) setPreview(answer);
  };

  const counts = preview?.counts;
  const onCommit = async () => {
    const lines = counts?.new ?? 0;
    const answer = await run<ImportCommitOutput>(
      'Import',
      'Importing…',
      `Importing… writing ${lines} new ${lines === 1 ? 'line' : 'lines'} into the books. Stay on this page until it says they are imported.`,
      '/api/imports',
    );
    if (!answer) return;
    setResult(answer);
    setPreview(null);
    await Promise.all([utils.portfolio.invalidate()]);
  };

  const importing = busy?.label === 'Import';
  const canCommit = !!preview && !!counts && counts.errors === 0 && counts.new > 0 && !busy;

  return (
    <div className="page dashboard">
      <header className="dashboard__header">
        <h1 className="page__title dashboard__title">Import</h1>
      </header>
      <p className="import-lead">
        Bring a broker&rsquo;s history into the books: an Interactive Brokers Flex Query (trades and cash transactions), a Charles Schwab
        transactions export, or the generic CSV (date, kind, symbol, asset_type, quantity, price, fee, amount, note). Preview first: nothing
        is written until you import, and then every line is written or none. Lines already imported are skipped.
      </p>
      <section className="import-section" aria-labelledby="import-file-title" aria-busy={busy ? true : undefined}>
        <h2 id="import-file-title" className="import-section__title">
          File
        </h2>
        <form className="import-form" onSubmit={onPreview} noValidate>
          <div className="field">
            <label className="field__label" htmlFor={formatId}>
              Format
            </label>
            <select id={formatId} className="field__input" value={format} onChange={(e) => setFormat(e.target.value as Format)}>
              <option value="auto">Tell from the header line</option>
              {IMPORT_FORMATS.map((f) => (
                <option key={f} value={f}>
                  {IMPORT_FORMAT_NAMES[f]}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label className="field__label" htmlFor={fileId}>
              CSV file
            </label>
            <input
              ref={fileInput}
              id={fileId}
              className="field__input"
              type="file"
              accept=".csv,text/csv"
              aria-describedby={fileHintId}
              onChange={(e) => void choose(e.target.files?.[0])}
            />
            <p id={fileHintId} className="field__hint">
              Up to 20 MB and 50,000 lines.
            </p>
          </div>
          <div className="import-form__actions">
            <button type="submit" className="button button--secondary" disabled={!file || !!busy}>
              Preview
            </button>
            <button type="button" className="button button--primary" disabled={!canCommit} onClick={() => void onCommit()}>
              {importing
                ? 'Importing…'
                : `Import ${counts && counts.new > 0 ? `${counts.new} new ${counts.new === 1 ? 'line' : 'lines'}` : ''}`}
            </button>
          </div>
        </form>
        {busy && <ProgressBar busy={busy} />}
        {error && (
          <p className="import-error" role="alert">
            {error}
          </p>
        )}
        {result && (
          <p className="import-result" role="status">
            {result.message}
          </p>
        )}
      </section>
      {preview && counts && (
        <section className="import-section" aria-labelledby="import-preview-title">
          <h2 id="import-preview-title" className="import-section__title">
            Preview of {preview.file_name}
          </h2>
          <p className="import-counts" role="status">
            {preview.format ? `${IMPORT_FORMAT_NAMES[preview.format]}: ` : ''}
            {counts.lines} {counts.lines === 1 ? 'line' : 'lines'}, {counts.new} new, {counts.duplicates} already imported, {counts.errors}{' '}
            with problems.
            {counts.errors > 0 ? ' Correct them in the file and preview again: nothing is imported while a line has a problem.' : ''}
          </p>
          {preview.problems.length > 0 && (
            <div className="import-problems">
              <h3 className="import-section__subtitle">Problems</h3>
              <ul>
                {preview.problems.slice(0, 200).map((p, i) => (
                  <li key={`${p.line}-${i}`}>{p.message}</li>
                ))}
              </ul>
              {preview.problems.length > 200 && <p>And {preview.problems.length - 200} more.</p>}
            </div>
          )}
          <DataTable
            label={`Lines of ${preview.file_name}`}
            columns={lineColumns}
            rows={preview.lines.slice(0, SHOWN_LINES)}
            rowKey={(r) => r.line}
            sortable={false}
            note={preview.lines.length > SHOWN_LINES ? `The first ${SHOWN_LINES} of ${preview.lines.length} lines are shown.` : undefined}
          />
        </section>
      )}
      <section className="import-section" aria-labelledby="import-past-title">
        <h2 id="import-past-title" className="import-section__title">
          Past imports
        </h2>
        {past.isPending ? (
          <p role="status">Loading past imports...</p>
        ) : past.isError ? (
          <p className="import-error" role="alert">
            The past imports could not be loaded.
          </p>
        ) : (
          <DataTable
            label="Past imports table"
            columns={pastColumns}
            rows={past.data.imports}
            rowKey={(r) => r.id}
            empty="No imports yet."
          />
        )}
      </section>
    </div>
  );
}
