import { useId, useMemo, useState } from 'react';
import { trpc } from '../../api/trpc';
import { DataTable, type Column } from '../../components/data-table';
import { messageOf } from '../../api/errors';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useToast } from '../../lib/notify';
import { formatEasternDateTime, formatPhone } from '../../lib/format';
import { useDocumentTitle } from '../../lib/use-document-title';
import { BackToProfile } from './back-to-profile';
import { SUBMISSION_SORTS, isSubmissionSort, sortSubmissions, type Submission, type SubmissionSort } from './submission-sort';
import './admin.css';

export const SUBMISSIONS_FAILED = 'Failed to load submissions.';
export const NO_SUBMISSIONS = 'No submissions found.';
export const DELETE_SUBMISSION_QUESTION = 'Are you sure you want to delete this submission? It cannot be undone.';
const UPDATE_FAILED = 'Failed to update the submission.';
const DELETE_FAILED = 'Failed to delete the submission.';

const COLUMNS: Column<Submission>[] = [
  { key: 'name', header: 'Name', text: (s) => s.name },
  { key: 'email', header: 'Email', text: (s) => s.email },
  { key: 'phone', header: 'Phone', text: (s) => formatPhone(s.phone) },
  { key: 'message', header: 'Message', text: (s) => s.message, className: 'data-table__long' },
  { key: 'created_at', header: 'Submitted At', text: (s) => formatEasternDateTime(s.created_at, '', { zone: false }) },
  {
    key: 'handled_at',
    header: 'Status',
    text: (s) => (s.handled_at ? `Handled ${formatEasternDateTime(s.handled_at, '', { zone: false })}` : 'Open'),
  },
];

export function SubmissionsPage() {
  useDocumentTitle('Form Submissions');
  const sortId = useId();
  const [sort, setSort] = useState<SubmissionSort>('recent');
  const submissions = trpc.contact.list.useQuery();
  const rows = useMemo(() => sortSubmissions(submissions.data ?? [], sort), [submissions.data, sort]);
  const notify = useToast();
  const utils = trpc.useUtils();
  const markHandled = trpc.contact.markHandled.useMutation();
  const remove = trpc.contact.remove.useMutation();
  const [pendingDelete, setPendingDelete] = useState<Submission | null>(null);
  const reload = () => void utils.contact.list.invalidate();

  const toggleHandled = (s: Submission) =>
    markHandled.mutate(
      { id: s.id, handled: !s.handled_at },
      {
        onSuccess: (answer) => (notify.success(answer.message), reload()),
        onError: (error) => notify.error(messageOf(error, UPDATE_FAILED)),
      },
    );
  const confirmDelete = () => {
    const doomed = pendingDelete;
    setPendingDelete(null);
    if (!doomed) return;
    remove.mutate(
      { id: doomed.id },
      {
        onSuccess: (answer) => (notify.success(answer.message), reload()),
        onError: (error) => notify.error(messageOf(error, DELETE_FAILED)),
      },
    );
  };

  return (
    <div className="page admin">
      <BackToProfile />
      <header className="page__header admin__header">
        <h1 className="page__title">Form Submissions</h1>
        <div className="field admin__sort">
          <label htmlFor={sortId} className="field__label">
            Sort by
          </label>
          <select
            id={sortId}
            className="field__input"
            value={sort}
            onChange={(e) => {
              if (isSubmissionSort(e.target.value)) setSort(e.target.value);
            }}
          >
            {SUBMISSION_SORTS.map((option) => (
              <option key={option.id} value={option.id}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      </header>
      {submissions.isPending ? (
        <p>Loading...</p>
      ) : submissions.isError ? (
        <p className="admin__error" role="alert">
          {SUBMISSIONS_FAILED}
        </p>
      ) : rows.length === 0 ? (
        <p>{NO_SUBMISSIONS}</p>
      ) : (
        <>
          <p className="admin__note">Times are shown in US Eastern time.</p>
          <DataTable
            label="Form submissions"
            columns={COLUMNS}
            rows={rows}
            rowKey={(s) => s.id}
            sortable={false}
            actions={{
              header: 'Actions',
              cell: (s) => (
                <span className="admin__actions">
                  <button
                    type="button"
                    className="button button--outline button--small"
                    aria-label={`${s.handled_at ? 'Reopen' : 'Mark handled'}: ${s.name}, ${formatEasternDateTime(s.created_at, '', { zone: false })}`}
                    disabled={markHandled.isPending}
                    onClick={() => toggleHandled(s)}
                  >
                    {s.handled_at ? 'Reopen' : 'Mark handled'}
                  </button>
                  <button
                    type="button"
                    className="button button--danger button--small"
                    aria-label={`Delete: ${s.name}, ${formatEasternDateTime(s.created_at, '', { zone: false })}`}
                    onClick={() => setPendingDelete(s)}
                  >
                    Delete
                  </button>
                </span>
              ),
            }}
          />
        </>
      )}
      <ConfirmDialog
        open={pendingDelete !== null}
        title="Delete submission"
        question={DELETE_SUBMISSION_QUESTION}
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setPendingDelete(null)}
      />
    </div>
  );
}
