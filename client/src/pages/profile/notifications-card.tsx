import { useId, useState } from 'react';
import type { DocumentMailMode } from '@contract/document-mail';
import { messageOf } from '../../api/errors';
import { trpc } from '../../api/trpc';

export const NOTIFICATIONS_SAVE_FAILED = 'Your choice could not be saved. Please try again.';

const CHOICES: { mode: DocumentMailMode; label: string; hint: string }[] = [
  { mode: 'immediate', label: 'An e-mail for each new document', hint: 'Sent when the document is filed.' },
  {
    mode: 'digest',
    label: 'A weekly digest',
    hint: 'One e-mail on Mondays at 8:00 AM New York time listing the week’s new documents.',
  },
];

/**
 * The LP's choice of e-mail about new documents (docs/product.md "Documents"): one per document, or
 * a Monday digest. The e-mail names the document and links to the portal; it never carries the file.
 * A choice is saved as soon as it is made.
 */
export function NotificationsCard() {
  const utils = trpc.useUtils();
  const current = trpc.auth.documentMail.get.useQuery();
  const save = trpc.auth.documentMail.set.useMutation();
  const [saved, setSaved] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const name = useId();
  const statusId = useId();

  const choose = (mode: DocumentMailMode) => {
    setSaved(null);
    setError(null);
    utils.auth.documentMail.get.setData(undefined, { mode });
    save.mutate(
      { mode },
      {
        onSuccess: (answer) => setSaved(answer.message),
        onError: (err) => {
          setError(messageOf(err, NOTIFICATIONS_SAVE_FAILED));
          void utils.auth.documentMail.get.invalidate();
        },
      },
    );
  };

  return (
    // Named apart from the toasts' "Notifications" region, so no two landmarks share a name.
    <section className="card profile__card notifications" aria-label="Notifications about new documents">
      <h2 className="card__title">Notifications</h2>
      {current.isPending ? (
        <p className="profile__note">Loading...</p>
      ) : current.isError ? (
        <p className="profile__note">{messageOf(current.error, 'Your notification settings could not be loaded.')}</p>
      ) : (
        <fieldset className="notifications__choices" aria-describedby={statusId} disabled={save.isPending}>
          <legend className="notifications__legend">When a new document is filed for you, e-mail me</legend>
          {CHOICES.map((c) => (
            <label key={c.mode} className="notifications__choice">
              <input type="radio" name={name} value={c.mode} checked={current.data.mode === c.mode} onChange={() => choose(c.mode)} />
              <span>
                <span className="notifications__label">{c.label}</span>
                <span className="notifications__hint">{c.hint}</span>
              </span>
            </label>
          ))}
        </fieldset>
      )}
      <p className="profile__note">The e-mail links to your documents in the portal; documents are never attached.</p>
      <div id={statusId}>
        {saved && (
          <p className="notifications__saved" role="status">
            {saved}
          </p>
        )}
        {error && (
          <p className="field__error" role="alert">
            {error}
          </p>
        )}
      </div>
    </section>
  );
}
