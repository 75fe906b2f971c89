import { useState } from 'react';
import type { ChallengeAnswer } from '@contract/second-factor';
import type { AuthMethod } from '../../api/session';
import { trpc } from '../../api/trpc';
import { useCompleteSignIn } from '../../api/use-sign-in';
import { EntryCodeField, RecoveryToggle } from '../security/code-field';
import { useCodeEntry } from '../security/use-code-entry';
import { messageOf } from '../../api/errors';
import { signWithPasskey } from '../security/passkey-ceremony';

export const SECOND_FACTOR_FAILED = 'The code could not be checked. Please try again.';

/**
 * The sign-in's second step (docs/decisions/0015): the password (or Google) held, and the account
 * has a second factor, so a code from the authenticator app or a recovery code finishes it.
 */
export function SecondFactorStep({ challenge, method, onBack }: { challenge: ChallengeAnswer; method: AuthMethod; onBack: () => void }) {
  const completeSignIn = useCompleteSignIn();
  const entry = useCodeEntry(SECOND_FACTOR_FAILED);
  const verify = trpc.auth.loginSecondFactor.useMutation();
  const passkeyOptions = trpc.auth.loginPasskeyOptions.useMutation();
  const passkeyLogin = trpc.auth.loginPasskey.useMutation();
  const [passkeyProblem, setPasskeyProblem] = useState('');
  const [passkeyBusy, setPasskeyBusy] = useState(false);
  const hasPasskey = challenge.methods.includes('passkey');
  const hasCode = challenge.methods.includes('totp');

  const signInWithPasskey = async () => {
    setPasskeyProblem('');
    setPasskeyBusy(true);
    try {
      const { options } = await passkeyOptions.mutateAsync({ challenge: challenge.challenge });
      const response = await signWithPasskey(options);
      completeSignIn(await passkeyLogin.mutateAsync({ challenge: challenge.challenge, response }), method);
    } catch (error) {
      setPasskeyProblem(messageOf(error, SECOND_FACTOR_FAILED, { orOwnMessage: true }));
    } finally {
      setPasskeyBusy(false);
    }
  };

  const onSubmit = entry.onSubmit((code) =>
    verify.mutate(
      { challenge: challenge.challenge, code },
      { onSuccess: (answer) => completeSignIn(answer, method), onError: entry.refused },
    ),
  );

  return (
    <form className="card auth__card" onSubmit={onSubmit} noValidate aria-labelledby="second-factor-title">
      <h1 id="second-factor-title" className="auth__title">
        TWO-FACTOR SIGN-IN
      </h1>
      {hasPasskey && (
        <>
          <button
            type="button"
            className="button button--primary button--block"
            disabled={passkeyBusy}
            onClick={() => void signInWithPasskey()}
            autoFocus={!hasCode}
          >
            {passkeyBusy ? 'Waiting for the passkey...' : 'Use a passkey'}
          </button>
          <p className="field__error" role="alert">
            {passkeyProblem}
          </p>
        </>
      )}
      {hasCode && (
        <>
          <p className="auth__lead">
            {entry.recovery
              ? 'Enter one of your recovery codes to finish signing in.'
              : 'Open your authenticator app and enter the code it shows.'}
          </p>
          <EntryCodeField entry={entry} autoFocus={!hasPasskey} />
        </>
      )}
      <div className="auth__row">
        {hasCode && <RecoveryToggle entry={entry} />}
        <button type="button" className="button button--link" onClick={onBack}>
          Back to log in
        </button>
      </div>
      {hasCode && (
        <button
          type="submit"
          className={`button button--${hasPasskey ? 'secondary' : 'primary'} button--block`}
          disabled={verify.isPending}
        >
          Verify
        </button>
      )}
    </form>
  );
}
