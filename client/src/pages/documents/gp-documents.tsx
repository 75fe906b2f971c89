import { useRef, useState, type FormEvent } from 'react';
import { DOCUMENT_KIND_LABELS } from '@contract/document-rules';
import { useMutation } from '@tanstack/react-query';
import type { DocumentSummary, UploadDocumentOutput } from '@contract/documents';
import { postFile } from '../../api/upload';
import { messageOf } from '../../api/errors';
import { trpc } from '../../api/trpc';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable, type Column } from '../../components/data-table';
import { Dialog } from '../../components/dialog';
import { DialogFooter } from '../../components/dialog-footer';
import { formatEasternDateTime } from '../../lib/format';
import { useToast } from '../../lib/notify';
import { FileField } from './file-field';
import { DocumentFilters, matches, yearsOf, type KindFilter, type YearFilter } from './filters';
import { readPdfFile } from './pdf-file';
import { UploadForm } from './upload-form';

export const NO_FILED = 'No documents filed yet. File the first one above.';
export const WITHDRAW_QUESTION = 'Partners will no longer see this document. It stays here, with its files and receipts, for the record.';
const REPLACE_FAILED = 'The file could not be replaced.';
const WITHDRAW_FAILED = 'The document could not be withdrawn.';

const when = (iso: string | null) => formatEasternDateTime(iso, '', { zone: false });

const audienceText = (d: DocumentSummary) => (d.all_lps ? `All LPs (${d.audience_size ?? 0})` : `${d.audience_size ?? 0} chosen`);

const COLUMNS: Column<DocumentSummary>[] = [
  { key: 'title', header: 'Title', text: (d) => d.title, className: 'data-table__long' },
  { key: 'kind', header: 'Kind', text: (d) => DOCUMENT_KIND_LABELS[d.kind] },
  { key: 'period', header: 'Period', text: (d) => d.period ?? '—' },
  { key: 'audience', header: 'For', text: audienceText },
  { key: 'opened', header: 'Opened', text: (d) => `${d.opened_count ?? 0} of ${d.audience_size ?? 0}`, className: 'num' },
  { key: 'version', header: 'Version', text: (d) => `v${d.version}`, className: 'num' },
  { key: 'filed_at', header: 'Filed', text: (d) => when(d.filed_at) },
  { key: 'status', header: 'Status', text: (d) => (d.withdrawn_at ? `Withdrawn ${when(d.withdrawn_at)}` : 'Published') },
];

/** Who a document is for and when each opened it. */
function ReceiptsDialog({ document, onClose }: { document: DocumentSummary | null; onClose: () => void }) {
  const receipts = trpc.documents.receipts.useQuery({ id: document?.id ?? 0 }, { enabled: document !== null });
  return (
    <Dialog open={document !== null} title={`Read receipts: ${document?.title ?? ''}`} onClose={onClose}>
      <div className="dialog__body">
        {receipts.isPending ? (
          <p role="status">Loading the receipts...</p>
        ) : receipts.isError ? (
          <p className="field__error" role="alert">
            {messageOf(receipts.error, 'The receipts could not be loaded.')}
          </p>
        ) : receipts.data.receipts.length === 0 ? (
          <p>It is for no partner yet.</p>
        ) : (
          <ul className="documents__receipts" aria-label="Read receipts">
            {receipts.data.receipts.map((r) => (
              <li key={r.user_id} className="documents__receipt">
                <span className="documents__receipt-name">
                  {r.name} <span className="documents__email">{r.email}</span>
                </span>
                <span className="documents__receipt-state">
                  {r.first_opened_at
                    ? `Opened ${when(r.first_opened_at)}${r.opens > 1 ? `; last ${when(r.last_opened_at)} (${r.opens} times)` : ''}`
                    : 'Not opened'}
                </span>
              </li>
            ))}
          </ul>
        )}
        <p className="documents__note">Times are shown in US Eastern time.</p>
        <div className="dialog__actions">
          <button type="button" className="button button--secondary" onClick={onClose}>
            Done
          </button>
        </div>
      </div>
    </Dialog>
  );
}

/** A new file for a document; the earlier ones are kept. */
function ReplaceDialog({
  document,
  onClose,
  onReplaced,
}: {
  document: DocumentSummary | null;
  onClose: () => void;
  onReplaced: () => Promise<void>;
}) {
  const notify = useToast();
  const replace = useMutation({
    mutationFn: ({ id, ...file }: { id: number; fileName: string; content: string }) =>
      postFile<UploadDocumentOutput>(`/api/documents/${id}/file`, file, undefined, 'PUT'),
  });
  const fileRef = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | undefined>();
  const [problem, setProblem] = useState('');
  const close = () => {
    setError(undefined);
    setProblem('');
    onClose();
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!document) return;
    setProblem('');
    const file = await readPdfFile(fileRef.current?.files?.[0]);
    if (!file.ok) return setError(file.problem);
    setError(undefined);
    replace.mutate(
      { id: document.id, fileName: file.fileName, content: file.content },
      {
        onSuccess: async (answer) => {
          notify.success(answer.message);
          close();
          await onReplaced();
        },
        onError: (e) => setProblem(messageOf(e, REPLACE_FAILED, { orOwnMessage: true })),
      },
    );
  };
  return (
    <Dialog open={document !== null} title={`Replace the file: ${document?.title ?? ''}`} onClose={close}>
      <form className="dialog__body" onSubmit={(e) => void submit(e)} noValidate>
        <p className="dialog__text">
          The partners get the new file from now on, marked unread; version {document?.version ?? 1} and the earlier ones are kept.
        </p>
        <FileField ref={fileRef} label="New PDF file" error={error} onChange={() => setError(undefined)} />
        <DialogFooter
          error={problem}
          onCancel={close}
          action={replace.isPending ? 'Replacing...' : 'Replace file'}
          disabled={replace.isPending}
        />
      </form>
    </Dialog>
  );
}

/** The GP's documents admin: filing, the list with its receipts, replacing and withdrawing. */
export function GpDocuments() {
  const list = trpc.documents.list.useQuery(undefined);
  const utils = trpc.useUtils();
  const notify = useToast();
  const withdraw = trpc.documents.withdraw.useMutation();
  const [kind, setKind] = useState<KindFilter>('all');
  const [year, setYear] = useState<YearFilter>('all');
  const [receiptsOf, setReceiptsOf] = useState<DocumentSummary | null>(null);
  const [replacing, setReplacing] = useState<DocumentSummary | null>(null);
  const [withdrawing, setWithdrawing] = useState<DocumentSummary | null>(null);
  const reload = () => utils.documents.invalidate();

  const confirmWithdraw = () => {
    const doomed = withdrawing;
    setWithdrawing(null);
    if (!doomed) return;
    withdraw.mutate(
      { id: doomed.id },
      {
        onSuccess: async (answer) => {
          notify.success(answer.message);
          await reload();
        },
        onError: (error) => notify.error(messageOf(error, WITHDRAW_FAILED)),
      },
    );
  };

  const documents = list.data?.documents ?? [];
  const shown = documents.filter((d) => matches(d, kind, year));
  return (
    <>
      <section className="documents__section" aria-labelledby="documents-file-title">
        <h2 id="documents-file-title" className="documents__subtitle">
          File a document
        </h2>
        <UploadForm onFiled={reload} />
      </section>
      <section className="documents__section" aria-labelledby="documents-filed-title">
        <h2 id="documents-filed-title" className="documents__subtitle">
          Filed documents
        </h2>
        {list.isPending ? (
          <p role="status">Loading the documents...</p>
        ) : list.isError ? (
          <p className="dashboard__status--error" role="alert">
            The documents could not be loaded. Please reload the page.
          </p>
        ) : documents.length === 0 ? (
          <p className="documents__empty">{NO_FILED}</p>
        ) : (
          <>
            <DocumentFilters kind={kind} year={year} years={yearsOf(documents)} onKind={setKind} onYear={setYear} />
            <p className="documents__note">Times are shown in US Eastern time.</p>
            <DataTable
              label="Filed documents"
              columns={COLUMNS}
              rows={shown}
              rowKey={(d) => d.id}
              sortable={false}
              empty="No documents match these filters."
              actions={{
                header: 'Actions',
                cell: (d) => (
                  <span className="documents__actions">
                    <button
                      type="button"
                      className="button button--outline button--small"
                      aria-label={`Receipts: ${d.title}`}
                      onClick={() => setReceiptsOf(d)}
                    >
                      Receipts
                    </button>
                    {!d.withdrawn_at && (
                      <>
                        <button
                          type="button"
                          className="button button--outline button--small"
                          aria-label={`Replace the file: ${d.title}`}
                          onClick={() => setReplacing(d)}
                        >
                          Replace
                        </button>
                        <button
                          type="button"
                          className="button button--danger button--small"
                          aria-label={`Withdraw: ${d.title}`}
                          onClick={() => setWithdrawing(d)}
                        >
                          Withdraw
                        </button>
                      </>
                    )}
                  </span>
                ),
              }}
            />
          </>
        )}
      </section>
      <ReceiptsDialog document={receiptsOf} onClose={() => setReceiptsOf(null)} />
      <ReplaceDialog document={replacing} onClose={() => setReplacing(null)} onReplaced={reload} />
      <ConfirmDialog
        open={withdrawing !== null}
        title={`Withdraw “${withdrawing?.title ?? ''}”?`}
        question={WITHDRAW_QUESTION}
        confirmLabel="Withdraw"
        busy={withdraw.isPending}
        onConfirm={confirmWithdraw}
        onCancel={() => setWithdrawing(null)}
      />
    </>
  );
}
