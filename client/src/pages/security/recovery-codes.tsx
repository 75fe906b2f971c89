import { copyText } from '../../lib/copy-text';
import { useToast } from '../../lib/notify';

/** The recovery codes, shown once: each works once, instead of a code from the app. */
export function RecoveryCodesList({ codes }: { codes: string[] }) {
  const notify = useToast();
  return (
    <section className="two-factor__codes" aria-labelledby="recovery-codes-heading">
      <h3 id="recovery-codes-heading" className="profile__subheading">
        Recovery codes
      </h3>
      <p className="profile__note">
        Save these somewhere safe now: they are shown only this once. Each signs you in once if you lose your phone.
      </p>
      <ul className="two-factor__code-list">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <button
        type="button"
        className="button button--secondary button--small"
        onClick={() =>
          void copyText(codes.join('\n')).then((copied) =>
            copied ? notify.success('Recovery codes copied.') : notify.error('Copying failed: select the codes and copy them yourself.'),
          )
        }
      >
        Copy codes
      </button>
    </section>
  );
}
