import { useState, type FormEvent } from 'react';
import { messageOf } from '../../api/errors';

export const ENTER_CODE = 'Enter the code.';

/**
 * The state of a form that sends one second-factor code: nothing is sent without a code, and a
 * refused code is cleared with the server's reason shown under the field (its live error). Where
 * recovery codes are accepted, the entry knows which of the two kinds is asked for.
 */
export function useCodeEntry(fallback: string) {
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState('');
  const [recovery, setRecovery] = useState(false);
  const clear = () => {
    setCode('');
    setProblem('');
  };
  return {
    code,
    setCode,
    problem,
    /** A submit handler that sends the trimmed code, or says it is missing. */
    onSubmit: (send: (code: string) => void) => (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      if (code.trim() === '') {
        setProblem(ENTER_CODE);
        return;
      }
      setProblem('');
      send(code.trim());
    },
    refused: (error: unknown) => {
      setCode('');
      setProblem(messageOf(error, fallback));
    },
    /** Whether a recovery code is asked for instead of the authenticator's. */
    recovery,
    toggleRecovery: () => {
      setRecovery((r) => !r);
      clear();
    },
    reset: () => {
      setRecovery(false);
      clear();
    },
  };
}

export type CodeEntry = ReturnType<typeof useCodeEntry>;
