import { useState } from 'react';
import type { ChallengeAnswer } from '@contract/second-factor';
import type { AuthMethod } from '../../api/session';
import { trpc } from '../../api/trpc';
import { useCompleteSignIn } from '../../api/use-sign-in';
import { CodeField } from '../security/code-field';
import { useCodeEntry } from '../security/use-code-entry';

export const SECOND_FACTOR_FAILED = 'The code could not be checked. Please try again.';

/**
 * The sign-in's second step (docs/decisions/0015): the password (or Google) held, and the account
 * has a second factor, so a code from the authenticator app or a recovery code finishes it.
 */
export function SecondFactorStep({ challenge, method, onBack }: { challenge: ChallengeAnswer; method: AuthMethod; onBack: () => void }) {
  const completeSignIn = useCompleteSignIn();
  const [recovery, setRecovery] = useState(false);
  const entry = useCodeEntry(SECOND_FACTOR_FAILED);
  const verify = trpc.auth.loginSecondFactor.useMutation();

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
      <p className="auth__lead">
        {recovery ? 'Enter one of your recovery codes to finish signing in.' : 'Open your authenticator app and enter the code it shows.'}
      </p>
      <CodeField
        key={recovery ? 'recovery' : 'totp'}
        recovery={recovery}
        value={entry.code}
        error={entry.problem}
        onChange={entry.setCode}
        autoFocus
      />
      <div className="auth__row">
        <button
          type="button"
          className="button button--link"
          onClick={() => {
            setRecovery((r) => !r);
            entry.reset();
          }}
        >
          {recovery ? 'Use the authenticator app' : 'Use a recovery code'}
        </button>
        <button type="button" className="button button--link" onClick={onBack}>
          Back to log in
        </button>
      </div>
      <button type="submit" className="button button--primary button--block" disabled={verify.isPending}>
        Verify
      </button>
    </form>
  );
}
