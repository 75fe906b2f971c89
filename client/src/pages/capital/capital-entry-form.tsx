import { useState, type FormEvent } from 'react';
import { CAPITAL_KINDS, capitalEntryInput, type CapitalKind } from '@contract/capital';
import { messageOf } from '../../api/errors';
import { trpc } from '../../api/trpc';
import { TextField } from '../../components/text-field';
import { easternDayOf } from '../../lib/format';
import { useToast } from '../../lib/notify';
import { useFieldErrors } from '../../lib/use-field-errors';
import { AmountField } from '../../components/amount-field';
import { SelectField } from '../../components/select-field';
import { AllowNegativeCash } from '../../components/allow-negative-cash';
import { bookDateProblem } from '@contract/book-dates';
import { isCalendarDay } from '@domain/dates';

export const ENTRY_FAILED = 'Failed to record the entry';
export const CHOOSE_PARTNER = 'Choose a limited partner first.';

const KIND_LABEL: Record<CapitalKind, string> = { commitment: 'Commitment', contribution: 'Contribution', distribution: 'Distribution' };
const KIND_OPTIONS = CAPITAL_KINDS.map((kind) => ({ value: kind, label: KIND_LABEL[kind] }));

/** Today in New York, as the books date things. */
const todayInNewYork = () => easternDayOf(new Date()) ?? '';

/** Recording a commitment, contribution or distribution (amount, date) for the chosen LP. */
export function CapitalEntryForm({ userId, onRecorded }: { userId: number | null; onRecorded: () => Promise<void> }) {
  const notify = useToast();
  const add = trpc.portfolio.capital.addEntry.useMutation();
  const [kind, setKind] = useState<CapitalKind>('contribution');
  const [amount, setAmount] = useState('');
  const [date, setDate] = useState(todayInNewYork);
  const [allowNegative, setAllowNegative] = useState(false);
  const [problem, setProblem] = useState('');
  const { formRef, errors, validate, edit } = useFieldErrors();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (userId === null) return setProblem(CHOOSE_PARTNER);
    setProblem('');
    // "3." means 3; a blank amount is none (0), which the rule refuses.
    const typed = amount.replace(/\.$/, '') || '0';
    const input = { userId, kind, amount: typed, date, ...(kind === 'distribution' && allowNegative ? { allow_negative_cash: true } : {}) };
    // The books' date rule (no day after today in New York), on a date the schema reads as one.
    if (!validate(capitalEntryInput, input, { date: isCalendarDay(date.trim()) && bookDateProblem(date.trim(), new Date()) }).ok) return;
    add.mutate(input, {
      onSuccess: async (answer) => {
        await onRecorded();
        setAmount('');
        setAllowNegative(false);
        notify.success(answer.message);
      },
      onError: (error) => setProblem(messageOf(error, ENTRY_FAILED)),
    });
  };

  return (
    <form ref={formRef} className="capital-entry-form" onSubmit={submit} noValidate aria-label="Record a capital account entry">
      <SelectField label="Kind" value={kind} options={KIND_OPTIONS} onChange={setKind} />
      <AmountField value={amount} error={errors.amount} onChange={edit('amount', setAmount)} />
      <TextField label="Date" name="date" type="date" required value={date} error={errors.date} onChange={edit('date', setDate)} />
      {/* A distribution is a withdrawal from Cash Available. */}
      {kind === 'distribution' && <AllowNegativeCash checked={allowNegative} onChange={setAllowNegative} />}
      <button type="submit" className="button" disabled={add.isPending}>
        {add.isPending ? 'Recording...' : 'Record entry'}
      </button>
      <p className="capital-entry-form__problem" role="alert">
        {problem}
      </p>
    </form>
  );
}
