import { useMemo, useState } from 'react';
import { messageOf } from '../../api/errors';
import { trpc } from '../../api/trpc';
import { DataTable } from '../../components/data-table';
import { Dialog } from '../../components/dialog';
import { DialogFooter } from '../../components/dialog-footer';
import { TextField } from '../../components/text-field';
import { useToast } from '../../lib/notify';
import { useDocumentTitle } from '../../lib/use-document-title';
import { BackToProfile } from './back-to-profile';
import { matchesSearch, recordColumns, type ApiRecord } from './record-columns';
import './admin.css';

export const CONFIRM_DELETE = 'Are you sure you want to delete this user?';
export const DELETE_FAILED = 'Failed to delete user';

interface UserRow extends ApiRecord {
  id: number;
}

export function UserInfoPage() {
  useDocumentTitle('User Information');
  const notify = useToast();
  const utils = trpc.useUtils();
  const info = trpc.admin.users.list.useQuery();
  const deleteUser = trpc.admin.users.remove.useMutation();
  const [query, setQuery] = useState('');
  const [pendingDelete, setPendingDelete] = useState<UserRow | null>(null);

  const users: UserRow[] = useMemo(() => info.data?.users ?? [], [info.data]);
  const logs: ApiRecord[] = useMemo(() => info.data?.logs ?? [], [info.data]);
  const userColumns = useMemo(() => recordColumns(users), [users]);
  const logColumns = useMemo(() => recordColumns(logs), [logs]);
  const shownUsers = useMemo(() => users.filter((user) => matchesSearch(user, query)), [users, query]);

  const confirmDelete = () => {
    const user = pendingDelete;
    setPendingDelete(null);
    if (!user) return;
    deleteUser.mutate(
      { id: user.id },
      {
        onSuccess: (answer) => {
          notify.success(answer.message);
          void utils.admin.users.list.invalidate();
        },
        onError: (error) => notify.error(messageOf(error, DELETE_FAILED)),
      },
    );
  };

  return (
    <div className="page admin">
      <BackToProfile />
      <header className="page__header admin__header">
        <h1 className="page__title">Users</h1>
        <TextField
          className="admin__search"
          label="Search users"
          type="search"
          placeholder="Name, email, role…"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
      </header>
      {info.isPending && <p>Loading...</p>}
      {info.isError && <p className="admin__error">{messageOf(info.error, 'Failed to load users.')}</p>}
      {info.isSuccess && (
        <>
          <p className="admin__count" aria-live="polite">
            {shownUsers.length} of {users.length} users · times in US Eastern time
          </p>
          <DataTable
            label="Users"
            columns={userColumns}
            rows={shownUsers}
            rowKey={(user) => user.id}
            actions={{
              header: 'Actions',
              cell: (user) => (
                <button
                  type="button"
                  className="button button--danger button--small"
                  aria-label={`Delete ${String(user.email ?? user.id)}`}
                  disabled={deleteUser.isPending}
                  onClick={() => setPendingDelete(user)}
                >
                  Delete
                </button>
              ),
            }}
          />
          <section className="admin__section">
            <h2 id="logs-heading" className="admin__subtitle">
              User Edit Logs
            </h2>
            {logs.length === 0 ? (
              <p>No edits have been logged yet.</p>
            ) : (
              <DataTable label="User Edit Logs" columns={logColumns} rows={logs} rowKey={(log) => String(log.id)} />
            )}
          </section>
        </>
      )}
      <Dialog
        open={pendingDelete !== null}
        title="Delete user"
        role="alertdialog"
        describedBy="delete-question"
        onClose={() => setPendingDelete(null)}
      >
        <div className="dialog__body">
          <p id="delete-question" className="dialog__text">
            {CONFIRM_DELETE}
          </p>
          {pendingDelete && <p className="dialog__detail">{String(pendingDelete.email ?? pendingDelete.id)}</p>}
          <DialogFooter onCancel={() => setPendingDelete(null)} action="Delete" onAction={confirmDelete} danger />
        </div>
      </Dialog>
    </div>
  );
}
