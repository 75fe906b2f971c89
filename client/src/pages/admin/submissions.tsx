import { useId, useMemo, useState } from 'react';
import { trpc } from '../../api/trpc';
import { DataTable, type Column } from '../../components/data-table';
import { formatEasternDateTime } from '../../lib/format';
import { useDocumentTitle } from '../../lib/use-document-title';
import { BackToProfile } from './back-to-profile';
import { SUBMISSION_SORTS, isSubmissionSort, sortSubmissions, type Submission, type SubmissionSort } from './submission-sort';
import './admin.css';

export const SUBMISSIONS_FAILED = 'Failed to load submissions.';
export const NO_SUBMISSIONS = 'No submissions found.';

const COLUMNS: Column<Submission>[] = [
  { key: 'name', header: 'Name', text: (s) => s.name },
  { key: 'email', header: 'Email', text: (s) => s.email },
  { key: 'phone', header: 'Phone', text: (s) => s.phone },
  { key: 'message', header: 'Message', text: (s) => s.message, className: 'data-table__long' },
  { key: 'created_at', header: 'Submitted At', text: (s) => formatEasternDateTime(s.created_at, '', { zone: false }), className: 'data-table__nowrap' },
];

export function SubmissionsPage() {
  useDocumentTitle('Form Submissions');
  const sortId = useId();
  const [sort, setSort] = useState<SubmissionSort>('recent');
  const submissions = trpc.contact.list.useQuery();
  const rows = useMemo(() => sortSubmissions(submissions.data ?? [], sort), [submissions.data, sort]);


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
          <DataTable label="Form submissions" columns={COLUMNS} rows={rows} rowKey={(s) => s.id} sortable={false} />
        </>
      )}
    </div>
  );
}
