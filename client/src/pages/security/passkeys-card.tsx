import { useState, type FormEvent } from 'react';
import { messageOf } from '../../api/errors';
import { trpc } from '../../api/trpc';
import { Dialog } from '../../components/dialog';
import { useToast } from '../../lib/notify';
import { formatEasternDateTime } from '../../lib/format';
import { createPasskey } from './passkey-ceremony';
import './security.css';

/** The profile's passkeys (docs/decisions/0015 "Passkeys"): add one with a name, list them, remove one. */
export function PasskeysCard() {
  const notify = useToast();
  const utils = trpc.useUtils();
  const list = trpc.auth.passkeys.list.useQuery();
  const remove = trpc.auth.passkeys.remove.useMutation();
  const [adding, setAdding] = useState(false);

  return (
    <section className="card two-factor" aria-labelledby="passkeys-heading">
      <h2 id="passkeys-heading" className="two-factor__title">
        Passkeys
      </h2>
      <p>A passkey (Touch ID, Windows Hello, a phone or a security key) can be used instead of a code after your password.</p>
      {list.isPending ? (
        <p className="profile__note">Loading...</p>
      ) : list.isError ? (
        <p className="profile__note">{messageOf(list.error, 'Passkeys could not be loaded.')}</p>
      ) : list.data.passkeys.length === 0 ? (
        <p className="profile__note">No passkeys yet.</p>
      ) : (
        <ul className="passkeys__list" aria-label="Your passkeys">
          {list.data.passkeys.map((p) => (
            <li key={p.id} className="passkeys__item">
              <span>
                <strong>{p.name}</strong> · added {formatEasternDateTime(p.created_at)}
                {p.last_used_at ? ` · last used ${formatEasternDateTime(p.last_used_at)}` : ''}
              </span>
              <button
                type="button"
                className="button button--danger button--small"
                aria-label={`Remove ${p.name}`}
                disabled={remove.isPending}
                onClick={() =>
                  remove.mutate(
                    { id: p.id },
                    {
                      onSuccess: (answer) => {
                        void utils.auth.passkeys.list.invalidate();
                        void utils.auth.secondFactor.status.invalidate();
                        notify.success(answer.message);
                      },
                      onError: (error) => notify.error(messageOf(error, 'The passkey could not be removed.')),
                    },
                  )
                }
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <button type="button" className="button button--primary button--small" onClick={() => setAdding(true)}>
        Add a passkey
      </button>
      <AddPasskeyDialog open={adding} onClose={() => setAdding(false)} />
    </section>
  );
}

function AddPasskeyDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const notify = useToast();
  const utils = trpc.useUtils();
  const start = trpc.auth.passkeys.startRegistration.useMutation();
  const finish = trpc.auth.passkeys.finishRegistration.useMutation();
  const [name, setName] = useState('');
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);

  const close = () => {
    setName('');
    setProblem('');
    onClose();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (name.trim() === '') {
      setProblem('Give the passkey a name.');
      return;
    }
    setProblem('');
    setBusy(true);
    try {
      const { options } = await start.mutateAsync();
      const response = await createPasskey(options);
      const answer = await finish.mutateAsync({ name: name.trim(), response });
      void utils.auth.passkeys.list.invalidate();
      void utils.auth.secondFactor.status.invalidate();
      close();
      notify.success(answer.message);
    } catch (error) {
      setProblem(messageOf(error, 'The passkey could not be added.', { orOwnMessage: true }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} title="Add a passkey" onClose={close}>
      <form className="dialog__body" onSubmit={(e) => void onSubmit(e)} noValidate>
        <div className="field">
          <label className="field__label" htmlFor="passkey-name">
            Name
          </label>
          <input
            id="passkey-name"
            className="field__input"
            value={name}
            maxLength={60}
            placeholder="MacBook Touch ID"
            aria-invalid={problem !== ''}
            aria-describedby="passkey-name-problem"
            onChange={(e) => setName(e.target.value)}
            autoFocus
          />
        </div>
        <p id="passkey-name-problem" className="field__error" role="alert">
          {problem}
        </p>
        <div className="dialog__actions">
          <button type="button" className="button button--secondary" onClick={close}>
            Cancel
          </button>
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? 'Waiting for the passkey...' : 'Add passkey'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
