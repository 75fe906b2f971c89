import { useState } from 'react';
import { DOCUMENT_KIND_LABELS } from '@contract/document-rules';
import type { DocumentSummary } from '@contract/documents';
import { downloadFile } from '../../api/download';
import { trpc } from '../../api/trpc';
import { easternDayOf, formatCalendarDate, formatFileSize } from '../../lib/format';
import { useToast } from '../../lib/notify';
import { DocumentFilters, matches, yearsOf, type KindFilter, type YearFilter } from './filters';

export const NO_DOCUMENTS = 'No documents yet. When the firm sends you a K-1, a statement, a letter or a notice, it appears here.';
export const NO_MATCHES = 'No documents match these filters.';
const DOWNLOAD_FAILED = 'The document could not be downloaded.';

/** What a document is, in one line: its kind, its period, when it was filed and its size. */
function details(d: DocumentSummary): string {
  return [
    DOCUMENT_KIND_LABELS[d.kind],
    d.period,
    `Filed ${formatCalendarDate(easternDayOf(d.filed_at))}`,
    d.version > 1 ? `updated ${formatCalendarDate(easternDayOf(d.updated_at))}` : null,
    formatFileSize(d.size),
  ]
    .filter(Boolean)
    .join(' · ');
}

/** An LP's Documents: those addressed to them, newest first, unread ones marked in words. */
export function LpDocuments() {
  const list = trpc.documents.list.useQuery(undefined);
  const utils = trpc.useUtils();
  const notify = useToast();
  const [kind, setKind] = useState<KindFilter>('all');
  const [year, setYear] = useState<YearFilter>('all');
  const [downloading, setDownloading] = useState<number | null>(null);

  if (list.isPending)
    return (
      <p className="dashboard__status" role="status">
        Loading your documents...
      </p>
    );
  if (list.isError)
    return (
      <p className="dashboard__status dashboard__status--error" role="alert">
        Your documents could not be loaded. Please reload the page.
      </p>
    );

  const documents = list.data.documents;
  const shown = documents.filter((d) => matches(d, kind, year));
  const unread = documents.filter((d) => d.unread).length;

  const download = async (d: DocumentSummary) => {
    setDownloading(d.id);
    try {
      await downloadFile(`/api/documents/${d.id}/file`, d.file_name);
      await utils.documents.list.invalidate();
    } catch (error) {
      notify.error(error instanceof Error && error.message ? error.message : DOWNLOAD_FAILED);
    } finally {
      setDownloading(null);
    }
  };

  if (documents.length === 0) return <p className="documents__empty">{NO_DOCUMENTS}</p>;
  return (
    <>
      <p className="documents__lead">
        {unread === 0 ? 'You have opened every document.' : `${unread} unread ${unread === 1 ? 'document' : 'documents'}.`}
      </p>
      <DocumentFilters kind={kind} year={year} years={yearsOf(documents)} onKind={setKind} onYear={setYear} />
      {shown.length === 0 ? (
        <p className="documents__empty">{NO_MATCHES}</p>
      ) : (
        <ul className="documents__list" aria-label="Your documents">
          {shown.map((d) => (
            <li key={d.id} className={`documents__item${d.unread ? ' documents__item--unread' : ''}`}>
              <div className="documents__text">
                <p className="documents__title">
                  {d.unread && <span className="badge badge--warning documents__badge">Unread</span>}
                  <span>{d.title}</span>
                </p>
                <p className="documents__details">{details(d)}</p>
              </div>
              <button
                type="button"
                className="button button--outline button--small documents__download"
                aria-label={`Download PDF: ${d.title}`}
                disabled={downloading === d.id}
                onClick={() => void download(d)}
              >
                {downloading === d.id ? 'Downloading...' : 'Download PDF'}
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
