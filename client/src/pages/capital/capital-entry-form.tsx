import { useId, useState, type FormEvent } from 'react';
import { messageOf } from '../../api/errors';
import { trpc } from '../../api/trpc';
import { TextField } from '../../components/text-field';
import { useToast } from '../../components/toast';
import { acceptNumericText } from '../../lib/numeric-text';
import type { CapitalEntry } from './capital-types';

type Kind = CapitalEntry['kind'];
export const ENTRY_FAILED = 'Failed to record the entry';

/** Today in New York, as the books date things. */
const todayInNewYork = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date());

/** Recording a commitment, contribution or distribution (amount, date) for the chosen LP. */
export function CapitalEntryForm({ userId, onRecorded }: { userId: number | null; onRecorded: () => Promise<void> }) {
  const notify = useToast();
  const add = trpc.portfolio.capital.addEntry.useMutation();
  const kindId = useId();
  const [kind, setKind] = useState<Kind>('contribution');
  const [amount, setAmount] = useState('');
  const [date, setDate] = useState(todayInNewYork);
  const [problem, setProblem] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = amount.replace(/,/g, '').replace(/\.$/, '');
    if (userId === null) return setProblem('Choose a limited partner first.');
    if (/^0*\.?0*$/.test(value)) return setProblem('Amount must be more than 0.');
    setProblem('');
    add.mutate(
      { userId, kind, amount: value, date },
      {
        onSuccess: async (answer) => {
          await onRecorded();
          setAmount('');
          notify.success(answer.message);
        },
        onError: (error) => setProblem(messageOf(error, ENTRY_FAILED)),
      },
    );
  };

  return (
    <form className="capital-entry-form" onSubmit={submit} noValidate aria-label="Record a capital account entry">
      <div className="field">
        <label className="field__label" htmlFor={kindId}>
          Kind
        </label>
        <select id={kindId} className="field__input" value={kind} onChange={(e) => setKind(e.target.value as Kind)}>
          <option value="commitment">Commitment</option>
          <option value="contribution">Contribution</option>
          <option value="distribution">Distribution</option>
        </select>
      </div>
      <TextField
        label="Amount"
        name="amount"
        inputMode="decimal"
        autoComplete="off"
        required
        aria-invalid={problem.startsWith('Amount') || undefined}
        value={amount}
        onChange={(event) => {
          const accepted = acceptNumericText(event.target.value);
          if (accepted !== null) setAmount(accepted.replace(/^-/, ''));
        }}
      />
      <TextField label="Date" name="date" type="date" required value={date} onChange={(e) => setDate(e.target.value)} />
      <button type="submit" className="button" disabled={add.isPending}>
        {add.isPending ? 'Recording...' : 'Record entry'}
      </button>
      <p className="capital-entry-form__problem" role="alert">
        {problem}
      </p>
    </form>
  );
}
