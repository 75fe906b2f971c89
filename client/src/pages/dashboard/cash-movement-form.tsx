import { useId, useState, type FormEvent } from 'react';
import { messageOf } from '../../api/errors';
import { trpc } from '../../api/trpc';
import { TextField } from '../../components/text-field';
import { useToast } from '../../components/toast';
import { acceptNumericText } from '../../lib/numeric-text';
import { decimalText } from './assets/asset-values';
import { useRefreshPortfolio } from './use-portfolio';

export const CASH_MOVEMENT_FAILED = 'Failed to record the cash movement';
type Kind = 'deposit' | 'withdrawal';

/**
 * Money paid into or taken out of the firm (a capital call, a distribution, fees): unlike typing a
 * new Cash Available above, it is a ledger entry of its own, which the returns count as new money.
 */
export function CashMovementForm() {
  const notify = useToast();
  const refresh = useRefreshPortfolio();
  const record = trpc.portfolio.balances.recordCashMovement.useMutation();
  const kindId = useId();
  const [kind, setKind] = useState<Kind>('deposit');
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // "3." means 3; blank, zero and anything else are no amount.
    const value = decimalText(amount).replace(/\.$/, '');
    if (/^0*\.?0*$/.test(value)) {
      setProblem('Amount must be more than 0.');
      return;
    }
    setProblem('');
    record.mutate(
      { kind, amount: value, note: note.trim() },
      {
        onSuccess: async (answer) => {
          await refresh();
          setAmount('');
          setNote('');
          notify.success(answer.message);
        },
        onError: (error) => setProblem(messageOf(error, CASH_MOVEMENT_FAILED)),
      },
    );
  };

  return (
    <form className="cash-movement" onSubmit={submit} noValidate aria-labelledby={`${kindId}-title`}>
      <h3 id={`${kindId}-title`} className="cash-movement__title">
        Record a deposit or withdrawal
      </h3>
      <div className="cash-movement__fields">
        <div className="field">
          <label className="field__label" htmlFor={kindId}>
            Kind
          </label>
          <select id={kindId} className="field__input" value={kind} onChange={(e) => setKind(e.target.value as Kind)}>
            <option value="deposit">Deposit</option>
            <option value="withdrawal">Withdrawal</option>
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
        <TextField label="Note" name="note" autoComplete="off" maxLength={200} value={note} onChange={(e) => setNote(e.target.value)} />
      </div>
      <p className="cash-movement__problem" role="alert">
        {problem}
      </p>
      <button type="submit" className="button button--secondary" disabled={record.isPending}>
        {record.isPending ? 'Recording...' : 'Record'}
      </button>
    </form>
  );
}
