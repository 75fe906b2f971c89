import { useEffect, useRef } from 'react';
import { messageOf } from '../../api/errors';
import { trpc } from '../../api/trpc';
import { CodeField } from './code-field';
import { useCodeEntry } from './use-code-entry';
import { RecoveryCodesList } from './recovery-codes';

export const SETUP_FAILED = 'Two-factor sign-in could not be set up. Please try again.';

/**
 * Setting up an authenticator app (docs/decisions/0015): the QR code and the key in text, then the
 * first code confirms it, then the ten recovery codes, shown this once.
 */
export function TotpSetup({ onDone }: { onDone: () => void }) {
  const utils = trpc.useUtils();
  const start = trpc.auth.secondFactor.startTotp.useMutation();
  const confirm = trpc.auth.secondFactor.confirmTotp.useMutation();
  const entry = useCodeEntry(SETUP_FAILED);
  const startSetup = start.mutate;
  const started = useRef(false);

  // Once per mount (a second secret would replace the first one shown).
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    startSetup();
  }, [startSetup]);

  if (confirm.data) {
    return (
      <div className="two-factor__setup">
        <p className="two-factor__done" role="status">
          Two-factor sign-in is on.
        </p>
        <RecoveryCodesList codes={confirm.data.recoveryCodes} />
        <button type="button" className="button button--primary" onClick={onDone}>
          I have saved my recovery codes
        </button>
      </div>
    );
  }

  if (start.isError) {
    return (
      <p className="two-factor__error" role="alert">
        {messageOf(start.error, SETUP_FAILED)}
      </p>
    );
  }
  if (!start.data) return <p className="profile__note">Loading...</p>;

  const onSubmit = entry.onSubmit((code) =>
    confirm.mutate({ code }, { onSuccess: () => void utils.auth.secondFactor.status.invalidate(), onError: entry.refused }),
  );

  return (
    <form className="two-factor__setup" onSubmit={onSubmit} noValidate>
      <ol className="two-factor__steps">
        <li>Scan this QR code with an authenticator app (Google Authenticator, 1Password, Authy…).</li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      <img
        className="two-factor__qr"
        src={start.data.qrCode}
        width={220}
        height={220}
        alt="QR code to add this account to an authenticator app"
      />
      <p className="two-factor__key">
        <span id="two-factor-key-label">Or type this key:</span>{' '}
        <code aria-labelledby="two-factor-key-label" data-testid="totp-secret">
          {start.data.secret}
        </code>
      </p>
      <CodeField value={entry.code} error={entry.problem} onChange={entry.setCode} />
      <button type="submit" className="button button--primary" disabled={confirm.isPending}>
        Turn on
      </button>
    </form>
  );
}
