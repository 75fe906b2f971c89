import { useState } from 'react';
import { messageOf } from '../../api/errors';
import { trpc } from '../../api/trpc';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useToast } from '../../lib/notify';
import { formatEasternDateTime } from '../../lib/format';

export const REVOKE_FAILED = 'Failed to revoke invite';
const ROLE_LABEL = { GP: 'GP invite', LP: 'LP invite' } as const;

/** The invites that can still be used, each with its creator and expiry, and a Revoke button. */
export function OpenInvites() {
  const notify = useToast();
  const utils = trpc.useUtils();
  const open = trpc.admin.invites.list.useQuery();
  const revoke = trpc.admin.invites.revoke.useMutation();
  const [asking, setAsking] = useState<number | null>(null);

  const confirm = () => {
    if (asking === null) return;
    revoke.mutate(
      { id: asking },
      {
        onSuccess: (answer) => notify.success(answer.message),
        onError: (error) => notify.error(messageOf(error, REVOKE_FAILED)),
        onSettled: () => {
          setAsking(null);
          void utils.admin.invites.list.invalidate();
        },
      },
    );
  };

  return (
    <div className="open-invites">
      <h3 className="profile__subheading" id="open-invites-heading">
        Open invites
      </h3>
      {open.isPending ? (
        <p className="profile__note">Loading...</p>
      ) : open.isError ? (
        <p className="profile__note">The open invites could not be loaded.</p>
      ) : open.data.length === 0 ? (
        <p className="profile__note">No open invites.</p>
      ) : (
        <ul className="open-invites__list" aria-labelledby="open-invites-heading">
          {open.data.map((invite) => (
            <li key={invite.id} className="open-invites__item">
              <div>
                <p className="open-invites__role">{ROLE_LABEL[invite.role]}</p>
                <p className="open-invites__meta">
                  By {invite.created_by ?? 'an operator'} · expires {formatEasternDateTime(invite.expires_at)}
                </p>
              </div>
              <button
                type="button"
                className="button button--secondary button--small"
                aria-label={`Revoke ${ROLE_LABEL[invite.role]} expiring ${formatEasternDateTime(invite.expires_at)}`}
                onClick={() => setAsking(invite.id)}
              >
                Revoke
              </button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={asking !== null}
        title="Revoke invite"
        question="Revoke this invite? Its link will stop working and nobody can sign up with it."
        confirmLabel="Revoke"
        busy={revoke.isPending}
        onConfirm={confirm}
        onCancel={() => setAsking(null)}
      />
    </div>
  );
}
