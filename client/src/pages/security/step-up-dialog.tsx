import { settleStepUp, useStepUpAsked } from '../../api/step-up';
import { trpc } from '../../api/trpc';
import { Dialog } from '../../components/dialog';
import { EntryCodeField, RecoveryToggle } from './code-field';
import { useCodeEntry } from './use-code-entry';
import { messageOf } from '../../api/errors';
import { signWithPasskey } from './passkey-ceremony';

export const STEP_UP_TITLE = 'Confirm it is you';
export const STEP_UP_FAILED = 'The code could not be checked. Please try again.';

/**
 * Asks for a second factor when a guarded change was refused for want of a recent one
 * (docs/decisions/0016); once the code is accepted the change is sent again by itself.
 */
export function StepUpDialog() {
  const asked = useStepUpAsked();
  const entry = useCodeEntry(STEP_UP_FAILED);
  const stepUp = trpc.auth.secondFactor.stepUp.useMutation();
  const passkeys = trpc.auth.passkeys.list.useQuery(undefined, { enabled: asked });
  const passkeyOptions = trpc.auth.passkeys.stepUpOptions.useMutation();
  const passkeyStepUp = trpc.auth.passkeys.stepUp.useMutation();
  const hasPasskey = (passkeys.data?.passkeys.length ?? 0) > 0;

  const confirmWithPasskey = async () => {
    try {
      const { options } = await passkeyOptions.mutateAsync();
      await passkeyStepUp.mutateAsync({ response: await signWithPasskey(options) });
      finish(true);
    } catch (error) {
      entry.refused(new Error(messageOf(error, STEP_UP_FAILED, { orOwnMessage: true })));
    }
  };

  const finish = (verified: boolean) => {
    entry.reset();
    stepUp.reset();
    settleStepUp(verified);
  };

  const onSubmit = entry.onSubmit((code) => stepUp.mutate({ code }, { onSuccess: () => finish(true), onError: entry.refused }));

  return (
    <Dialog open={asked} title={STEP_UP_TITLE} onClose={() => finish(false)}>
      <form className="dialog__body" onSubmit={onSubmit} noValidate>
        <p className="dialog__text">This change needs a code from your authenticator app (or a recovery code) from the last 10 minutes.</p>
        <EntryCodeField entry={entry} autoFocus />
        <RecoveryToggle entry={entry} />
        {hasPasskey && (
          <button
            type="button"
            className="button button--secondary"
            disabled={passkeyOptions.isPending || passkeyStepUp.isPending}
            onClick={() => void confirmWithPasskey()}
          >
            Use a passkey
          </button>
        )}
        <div className="dialog__actions">
          <button type="button" className="button button--secondary" onClick={() => finish(false)}>
            Cancel
          </button>
          <button type="submit" className="button button--primary" disabled={stepUp.isPending}>
            Confirm
          </button>
        </div>
      </form>
    </Dialog>
  );
}
