import { useState, type FormEvent } from 'react';
import type { ChallengeAnswer } from '@contract/second-factor';
import { messageOf } from '../../api/errors';
import type { AuthMethod } from '../../api/session';
import { trpc } from '../../api/trpc';
import { useCompleteSignIn } from '../../api/use-sign-in';
import { CodeField } from '../security/code-field';

export const SECOND_FACTOR_FAILED = 'The code could not be checked. Please try again.';
export const ENTER_CODE = 'Enter the code.';

/**
 * The sign-in's second step (docs/decisions/0015): the password (or Google) held, and the account
 * has a second factor, so a code from the authenticator app or a recovery code finishes it.
 */
export function SecondFactorStep({ challenge, method, onBack }: { challenge: ChallengeAnswer; method: AuthMethod; onBack: () => void }) {
  const completeSignIn = useCompleteSignIn();
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState(false);
  const [problem, setProblem] = useState('');
  const verify = trpc.auth.loginSecondFactor.useMutation();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (code.trim() === '') {
      setProblem(ENTER_CODE);
      return;
    }
    setProblem('');
    verify.mutate(
      { challenge: challenge.challenge, code: code.trim() },
      {
        onSuccess: (answer) => completeSignIn(answer, method),
        onError: (error) => {
          setCode('');
          setProblem(messageOf(error, SECOND_FACTOR_FAILED));
        },
      },
    );
  };

  return (
    <form className="card auth__card" onSubmit={onSubmit} noValidate aria-labelledby="second-factor-title">
      <h1 id="second-factor-title" className="auth__title">
        TWO-FACTOR SIGN-IN
      </h1>
      <p className="auth__lead">
        {recovery ? 'Enter one of your recovery codes to finish signing in.' : 'Open your authenticator app and enter the code it shows.'}
      </p>
      <CodeField key={recovery ? 'recovery' : 'totp'} recovery={recovery} value={code} error={problem} onChange={setCode} autoFocus />
      <div className="auth__row">
        <button
          type="button"
          className="button button--link"
          onClick={() => {
            setRecovery((r) => !r);
            setCode('');
            setProblem('');
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
