import { useState } from 'react';
import { messageOf } from '../../api/errors';
import { trpc } from '../../api/trpc';
import { Dialog } from '../../components/dialog';
import { useToast } from '../../lib/notify';
import { CodeField } from './code-field';
import { useCodeEntry } from './use-code-entry';
import { RecoveryCodesList } from './recovery-codes';
import { TotpSetup } from './totp-setup';
import './security.css';

export const TURN_OFF_FAILED = 'Two-factor sign-in could not be turned off.';

/** The profile's two-factor sign-in: its state, setting it up, new recovery codes, turning it off (docs/decisions/0015). */
export function TwoFactorCard() {
  const notify = useToast();
  const utils = trpc.useUtils();
  const status = trpc.auth.secondFactor.status.useQuery();
  // The passkeys card reads the same list, so this asks the server nothing more.
  const passkeys = trpc.auth.passkeys.list.useQuery();
  const passkeyCount = passkeys.data?.passkeys.length ?? 0;
  const newCodes = trpc.auth.secondFactor.recoveryCodes.useMutation();
  const [settingUp, setSettingUp] = useState(false);
  const [turningOff, setTurningOff] = useState(false);

  return (
    <section className="card two-factor" aria-labelledby="two-factor-heading">
      <h2 id="two-factor-heading" className="two-factor__title">
        Two-factor sign-in
      </h2>
      {status.isPending ? (
        <p className="profile__note">Loading...</p>
      ) : status.isError ? (
        <p className="profile__note">{messageOf(status.error, 'Two-factor sign-in could not be loaded.')}</p>
      ) : status.data.totp ? (
        <>
          <p>
            <strong>On</strong> · authenticator app · {status.data.recoveryCodesLeft} of 10 recovery codes left
          </p>
          <div className="two-factor__actions">
            <button
              type="button"
              className="button button--secondary button--small"
              disabled={newCodes.isPending}
              onClick={() =>
                newCodes.mutate(undefined, {
                  onSuccess: () => void utils.auth.secondFactor.status.invalidate(),
                  onError: (error) => notify.error(messageOf(error, 'New recovery codes could not be made.')),
                })
              }
            >
              New recovery codes
            </button>
            {!status.data.required && (
              <button type="button" className="button button--danger button--small" onClick={() => setTurningOff(true)}>
                Turn off
              </button>
            )}
          </div>
        </>
      ) : passkeyCount > 0 ? (
        <>
          <p>
            <strong>On</strong> · {passkeyCount === 1 ? 'a passkey' : `${passkeyCount} passkeys`} (below). An authenticator app can be added
            as well, with recovery codes for when no passkey is at hand.
          </p>
          <button type="button" className="button button--secondary button--small" onClick={() => setSettingUp(true)}>
            Add an authenticator app
          </button>
        </>
      ) : (
        <>
          <p>
            <strong>Off.</strong> A code from an authenticator app on your phone, asked after your password, keeps a stolen password from
            opening your account.
          </p>
          <button type="button" className="button button--primary button--small" onClick={() => setSettingUp(true)}>
            Set up two-factor sign-in
          </button>
        </>
      )}
      <Dialog open={settingUp} title="Set up two-factor sign-in" onClose={() => setSettingUp(false)}>
        <div className="dialog__body">{settingUp && <TotpSetup onDone={() => setSettingUp(false)} />}</div>
      </Dialog>
      <Dialog open={newCodes.data !== undefined} title="New recovery codes" onClose={() => newCodes.reset()}>
        <div className="dialog__body">
          {newCodes.data && <RecoveryCodesList codes={newCodes.data.recoveryCodes} />}
          <div className="dialog__actions">
            <button type="button" className="button button--primary" onClick={() => newCodes.reset()}>
              Done
            </button>
          </div>
        </div>
      </Dialog>
      <TurnOffDialog open={turningOff} onClose={() => setTurningOff(false)} />
    </section>
  );
}

function TurnOffDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const notify = useToast();
  const utils = trpc.useUtils();
  const disable = trpc.auth.secondFactor.disableTotp.useMutation();
  const entry = useCodeEntry(TURN_OFF_FAILED);

  const close = () => {
    entry.reset();
    onClose();
  };

  const onSubmit = entry.onSubmit((code) =>
    disable.mutate(
      { code },
      {
        onSuccess: (answer) => {
          void utils.auth.secondFactor.status.invalidate();
          close();
          notify.success(answer.message);
        },
        onError: entry.refused,
      },
    ),
  );

  return (
    <Dialog open={open} title="Turn off two-factor sign-in" onClose={close}>
      <form className="dialog__body" onSubmit={onSubmit} noValidate>
        <p className="dialog__text">
          Enter a current code from your authenticator app (or a recovery code) to turn two-factor sign-in off.
        </p>
        <CodeField value={entry.code} error={entry.problem} onChange={entry.setCode} />
        <div className="dialog__actions">
          <button type="button" className="button button--secondary" onClick={close}>
            Cancel
          </button>
          <button type="submit" className="button button--danger" disabled={disable.isPending}>
            Turn off
          </button>
        </div>
      </form>
    </Dialog>
  );
}
