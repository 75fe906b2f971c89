import { useId, useState, type FormEvent } from 'react';
import { CASH_NOTE_MAX } from '@contract/balances-rules';
import { useContractSchema } from '../../lib/use-contract-schema';
import { messageOf } from '../../api/errors';
import { trpc } from '../../api/trpc';
import { TextField } from '../../components/text-field';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { AllowNegativeCash } from '../../components/allow-negative-cash';
import { formatCurrency } from '../../lib/format';
import { useToast } from '../../lib/notify';
import { useFieldErrors } from '../../lib/use-field-errors';
import { decimalText } from './assets/asset-values';
import { useRefreshPortfolio } from './use-portfolio';
import { AmountField } from '../../components/amount-field';
import { SelectField, type SelectOption } from '../../components/select-field';
import './cash-movement-form.css';

const loadCashMovementInput = () => import('@contract/balances').then((contract) => contract.cashMovementInput);

export const CASH_MOVEMENT_FAILED = 'Failed to record the cash movement';
type Kind = 'deposit' | 'withdrawal';
const KINDS: readonly SelectOption<Kind>[] = [
  { value: 'deposit', label: 'Deposit' },
  { value: 'withdrawal', label: 'Withdrawal' },
];

interface Movement {
  kind: Kind;
  amount: string;
  note: string;
  allow_negative_cash?: true;
}

/** A movement above the threshold, waiting for the GP to confirm it, with what it does to Cash Available. */
interface Pending {
  movement: Movement;
  before: string;
  after: string;
  threshold: string;
}

/**
 * Money paid into or taken out of the firm (a capital call, a distribution, fees): unlike typing a
 * new Cash Available above, it is a ledger entry of its own, which the returns count as new money.
 * The server says first what it would do: a movement taking Cash Available below zero is refused
 * unless negative cash (margin) is allowed, and one above the threshold asks for confirmation.
 */
export function CashMovementForm() {
  const notify = useToast();
  const refresh = useRefreshPortfolio();
  const utils = trpc.useUtils();
  const record = trpc.portfolio.balances.recordCashMovement.useMutation();
  const titleId = useId();
  const [kind, setKind] = useState<Kind>('deposit');
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const [allowNegative, setAllowNegative] = useState(false);
  const [problem, setProblem] = useState('');
  const [checking, setChecking] = useState(false);
  const [pending, setPending] = useState<Pending | null>(null);
  const { formRef, errors, validate, edit } = useFieldErrors();
  const cashMovementInput = useContractSchema(loadCashMovementInput);

  const send = (movement: Movement, confirmed: boolean) =>
    record.mutate(confirmed ? { ...movement, confirmed } : movement, {
      onSuccess: async (answer) => {
        setPending(null);
        await refresh();
        setAmount('');
        setNote('');
        setAllowNegative(false);
        notify.success(answer.message);
      },
      onError: (error) => {
        setPending(null);
        setProblem(messageOf(error, CASH_MOVEMENT_FAILED));
      },
    });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem('');
    // "3." means 3; a blank amount is none (0), which the rule refuses.
    const movement: Movement = {
      kind,
      amount: decimalText(amount).replace(/\.$/, ''),
      note: note.trim(),
      ...(allowNegative ? { allow_negative_cash: true as const } : {}),
    };
    if (!validate(await cashMovementInput.ready(), movement).ok) return;
    setChecking(true);
    try {
      const preview = await utils.client.portfolio.balances.previewCashMovement.query({
        kind: movement.kind,
        amount: movement.amount,
        allow_negative_cash: allowNegative,
      });
      if (preview.refusal) return setProblem(preview.refusal);
      if (preview.needs_confirmation) {
        return setPending({ movement, before: preview.cash_before, after: preview.cash_after, threshold: preview.confirm_above });
      }
      send(movement, false);
    } catch (error) {
      console.error(error);
      setProblem(messageOf(error, CASH_MOVEMENT_FAILED));
    } finally {
      setChecking(false);
    }
  };

  const busy = checking || record.isPending;
  const what = pending?.movement.kind === 'withdrawal' ? 'withdrawal' : 'deposit';
  return (
    <>
      <form ref={formRef} className="cash-movement" onSubmit={(event) => void submit(event)} noValidate aria-labelledby={titleId}>
        <h3 id={titleId} className="cash-movement__title">
          Record a deposit or withdrawal
        </h3>
        <div className="cash-movement__fields">
          <SelectField label="Kind" value={kind} options={KINDS} onChange={setKind} />
          <AmountField value={amount} error={errors.amount} onChange={edit('amount', setAmount)} />
          <TextField
            label="Note"
            name="note"
            autoComplete="off"
            maxLength={CASH_NOTE_MAX}
            value={note}
            error={errors.note}
            onChange={edit('note', setNote)}
          />
        </div>
        <AllowNegativeCash checked={allowNegative} onChange={setAllowNegative} />
        <p className="cash-movement__problem" role="alert">
          {problem}
        </p>
        <button type="submit" className="button button--secondary" disabled={busy}>
          {busy ? 'Recording...' : 'Record'}
        </button>
      </form>
      <ConfirmDialog
        open={pending !== null}
        title={`Confirm this ${what}`}
        question={
          pending && (
            <>
              A {what} of {formatCurrency(pending.movement.amount)} is above {formatCurrency(pending.threshold)}.
              <span className="cash-movement__figures">
                <span>Cash Available now: {formatCurrency(pending.before)}</span>
                <span>
                  Cash Available after: {formatCurrency(pending.after)}
                  {pending.after.startsWith('-') ? ' (below zero, on margin)' : ''}
                </span>
              </span>
            </>
          )
        }
        confirmLabel={`Record the ${what}`}
        busy={record.isPending}
        onConfirm={() => pending && send(pending.movement, true)}
        onCancel={() => setPending(null)}
      />
    </>
  );
}
