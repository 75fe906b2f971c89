import { messageOf } from '../../api/errors';
import { trpc } from '../../api/trpc';
import { useLogout } from '../../api/use-sign-in';
import { formatEasternDateTime } from '../../lib/format';
import { useToast } from '../../lib/notify';
import './security.css';

export const END_SESSION_FAILED = 'The session could not be ended.';

/**
 * The profile's sessions: where the account is signed in (browser, address, since, last seen),
 * this device marked; ending one makes its token stop working at once.
 */
export function SessionsCard() {
  const notify = useToast();
  const utils = trpc.useUtils();
  const logout = useLogout();
  const list = trpc.auth.sessions.list.useQuery();
  const end = trpc.auth.sessions.end.useMutation();
  const endOthers = trpc.auth.sessions.endOthers.useMutation();
  const refresh = () => void utils.auth.sessions.list.invalidate();

  const sessions = list.data?.sessions ?? [];
  return (
    <section className="card sessions" aria-labelledby="sessions-heading">
      <h2 id="sessions-heading" className="two-factor__title">
        Where you are signed in
      </h2>
      {list.isPending ? (
        <p className="profile__note">Loading...</p>
      ) : list.isError ? (
        <p className="profile__note">{messageOf(list.error, 'The sessions could not be loaded.')}</p>
      ) : (
        <>
          <ul className="sessions__list" aria-labelledby="sessions-heading">
            {sessions.map((s) => (
              <li key={s.id} className="sessions__item">
                <div>
                  <div className="sessions__browser">
                    {s.browser}
                    {s.current && <span className="sessions__badge">This device</span>}
                  </div>
                  <div className="sessions__meta">
                    {s.ip} · {s.method === 'google' ? 'Google' : 'Password'} · signed in {formatEasternDateTime(s.created_at)} · last seen{' '}
                    {formatEasternDateTime(s.last_seen_at)}
                  </div>
                </div>
                <button
                  type="button"
                  className="button button--secondary button--small"
                  aria-label={s.current ? 'Sign out on this device' : `End session: ${s.browser}, ${s.ip}`}
                  disabled={end.isPending}
                  onClick={() => {
                    if (s.current) {
                      logout();
                      return;
                    }
                    end.mutate(
                      { id: s.id },
                      {
                        onSuccess: (answer) => notify.success(answer.message),
                        onError: (error) => notify.error(messageOf(error, END_SESSION_FAILED)),
                        onSettled: refresh,
                      },
                    );
                  }}
                >
                  {s.current ? 'Sign out' : 'End'}
                </button>
              </li>
            ))}
          </ul>
          {sessions.length > 1 && (
            <button
              type="button"
              className="button button--outline button--small"
              disabled={endOthers.isPending}
              onClick={() =>
                endOthers.mutate(undefined, {
                  onSuccess: (answer) => notify.success(answer.message),
                  onError: (error) => notify.error(messageOf(error, END_SESSION_FAILED)),
                  onSettled: refresh,
                })
              }
            >
              Sign out everywhere else
            </button>
          )}
        </>
      )}
    </section>
  );
}
