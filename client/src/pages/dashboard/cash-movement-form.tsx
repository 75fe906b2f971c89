import { useId, useState, type FormEvent } from 'react';
import { CASH_NOTE_MAX } from '@contract/balances-rules';
import { useContractSchema } from '../../lib/use-contract-schema';
import { messageOf } from '../../api/errors';
import { trpc } from '../../api/trpc';
import { TextField } from '../../components/text-field';
import { useToast } from '../../lib/notify';
import { useFieldErrors } from '../../lib/use-field-errors';
import { decimalText } from './assets/asset-values';
import { useRefreshPortfolio } from './use-portfolio';
import { AmountField } from '../../components/amount-field';

const loadCashMovementInput = () => import('@contract/balances').then((contract) => contract.cashMovementInput);

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
  const { formRef, errors, validate, clear } = useFieldErrors();
  const cashMovementInput = useContractSchema(loadCashMovementInput);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem('');
    // "3." means 3; a blank amount is none (0), which the rule refuses.
    const input = { kind, amount: decimalText(amount).replace(/\.$/, ''), note: note.trim() };
    if (!validate(await cashMovementInput.ready(), input).ok) return;
    record.mutate(input, {
      onSuccess: async (answer) => {
        await refresh();
        setAmount('');
        setNote('');
        notify.success(answer.message);
      },
      onError: (error) => setProblem(messageOf(error, CASH_MOVEMENT_FAILED)),
    });
  };

  return (
    <form ref={formRef} className="cash-movement" onSubmit={(event) => void submit(event)} noValidate aria-labelledby={`${kindId}-title`}>
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
        <AmountField
          value={amount}
          error={errors.amount}
          onChange={(text) => {
            setAmount(text);
            clear('amount');
          }}
        />
        <TextField
          label="Note"
          name="note"
          autoComplete="off"
          maxLength={CASH_NOTE_MAX}
          value={note}
          error={errors.note}
          onChange={(e) => {
            setNote(e.target.value);
            clear('note');
          }}
        />
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
